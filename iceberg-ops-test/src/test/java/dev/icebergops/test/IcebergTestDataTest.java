package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.test.fixtures.AllTypes;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What {@link IcebergTestData} writes and reads back, column type by column type. */
@IcebergMigrations(classes = AllTypes.V0001__CreateKinds.class)
class IcebergTestDataTest {

  @Test
  void appendWritesEveryColumnTypeAndReadsItBack(IcebergTestData data) {
    Map<String, Object> row = new HashMap<>();
    row.put("id", 1L);
    row.put("flag", true);
    row.put("small", 7);
    row.put("ratio", 0.5f);
    row.put("price", new BigDecimal("12.3"));
    row.put("day", "2026-12-01");
    row.put("at", "10:15:30");
    row.put("local", "2026-12-01T10:15:30");
    row.put("stamp", "2026-12-01T10:15:30Z");
    row.put("name", "Ada");
    row.put("key", "6f1c1c1e-3f4e-4c55-9d2a-1b2c3d4e5f60");
    row.put("hash", new byte[] {1, 2, 3, 4});
    row.put("blob", new byte[] {9, 8});
    row.put("address", Map.of("street", "Main St", "zip", 12345));
    row.put("tags", List.of("a", "b"));
    row.put("scores", Map.of("x", 1));
    row.put("amount", 2.5);

    data.append("kinds", row);

    Map<String, Object> read = data.rows("kinds").get(0);
    assertThat(read)
        .containsEntry("id", 1L)
        .containsEntry("flag", true)
        .containsEntry("small", 7)
        .containsEntry("ratio", 0.5f)
        .containsEntry("price", new BigDecimal("12.30"))
        .containsEntry("day", LocalDate.parse("2026-12-01"))
        .containsEntry("at", LocalTime.parse("10:15:30"))
        .containsEntry("local", LocalDateTime.parse("2026-12-01T10:15:30"))
        .containsEntry("stamp", OffsetDateTime.parse("2026-12-01T10:15:30Z"))
        .containsEntry("name", "Ada")
        .containsEntry("key", UUID.fromString("6f1c1c1e-3f4e-4c55-9d2a-1b2c3d4e5f60"))
        .containsEntry("hash", new byte[] {1, 2, 3, 4})
        .containsEntry("blob", ByteBuffer.wrap(new byte[] {9, 8}))
        .containsEntry("address", Map.of("street", "Main St", "zip", 12345))
        .containsEntry("tags", List.of("a", "b"))
        .containsEntry("scores", Map.of("x", 1))
        .containsEntry("amount", 2.5);
  }

  @Test
  void appendRefusesAFixedValueOfAnotherLength(IcebergTestData data) {
    assertThatThrownBy(() -> data.append("kinds", Map.of("id", 1L, "hash", new byte[] {1, 2})))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot append to ")
        .hasMessageContaining("does not fit column hash of type fixed[4]");
  }
}
