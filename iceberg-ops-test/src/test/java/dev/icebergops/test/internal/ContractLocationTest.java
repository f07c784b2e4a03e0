package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.schema.SchemaContract;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Contracts load from class path directories, jars and file system paths. */
class ContractLocationTest {

  private static final String ORDERS = "columns:\n  - name: id\n    type: long\n";

  @Test
  void loadsEveryYamlFileOfAClasspathDirectory() {
    Map<String, SchemaContract> contracts =
        ContractLocation.of("classpath:dev/icebergops/test/internal/contracts/drift").load();

    assertThat(contracts).containsOnlyKeys("customers", "orders");
    assertThat(contracts.get("orders").strict()).isTrue();
    assertThat(
            ContractLocation.of("classpath:dev/icebergops/test/internal/contracts/drift").entries())
        .extracting(ContractLocation.Entry::file)
        .containsExactly("customers.yaml", "orders.yml");
  }

  @Test
  void loadsAFileSystemDirectoryButNotItsSubdirectories(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("orders.yaml"), ORDERS);
    Files.createDirectories(dir.resolve("nested"));
    Files.writeString(dir.resolve("nested/customers.yaml"), ORDERS);

    assertThat(ContractLocation.of(dir.toString()).load()).containsOnlyKeys("orders");
    assertThat(ContractLocation.of("filesystem:" + dir).load()).containsOnlyKeys("orders");
  }

  @Test
  void loadsAClasspathDirectoryInAJar(@TempDir Path dir) throws Exception {
    Path jar = dir.resolve("contracts.jar");
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream jarOut = new JarOutputStream(out)) {
      jarOut.putNextEntry(new JarEntry("jarred/"));
      jarOut.closeEntry();
      jarOut.putNextEntry(new JarEntry("jarred/orders.yaml"));
      jarOut.write(ORDERS.getBytes(StandardCharsets.UTF_8));
      jarOut.closeEntry();
    }
    ClassLoader previous = Thread.currentThread().getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
      Thread.currentThread().setContextClassLoader(loader);
      assertThat(ContractLocation.of("classpath:jarred").load()).containsOnlyKeys("orders");
    } finally {
      Thread.currentThread().setContextClassLoader(previous);
    }
  }

  @Test
  void aMissingLocationIsAnError(@TempDir Path dir) {
    assertThatThrownBy(() -> ContractLocation.of("classpath:no/such/contracts").load())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot find contracts at classpath:no/such/contracts: no directory no/such/contracts"
                + " on the class path");
    Path missing = dir.resolve("missing");
    assertThatThrownBy(() -> ContractLocation.of(missing.toString()).load())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot find contracts at " + missing + ": " + missing + " does not exist");
  }

  @Test
  void twoFilesForOneTableAreAnError(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("orders.yaml"), ORDERS);
    Files.writeString(dir.resolve("orders.yml"), ORDERS);

    assertThatThrownBy(() -> ContractLocation.of(dir.toString()).load())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot load contracts at "
                + dir
                + ": table orders has two contract files, orders.yaml and orders.yml");
  }

  @Test
  void aBlankLocationIsAnError() {
    assertThatThrownBy(() -> ContractLocation.of(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot find contracts: the location is empty");
  }
}
