package dev.icebergops.history.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The remedy a failed link of Iceberg's generic reader gets names the class missing and the jar
 * that holds it, also on a later read, when the JVM reports only that a class could not be
 * initialized.
 */
class HistoryReaderRemedyTest {

  @Test
  void aMissingClassIsNamedWithTheArtifactThatHoldsIt() {
    assertThat(
            HistoryReader.remedy(
                new NoClassDefFoundError("org/apache/parquet/avro/AvroReadSupport")))
        .isEqualTo(
            "which needs class org.apache.parquet.avro.AvroReadSupport: add"
                + " org.apache.parquet:parquet-avro to the class path");
    assertThat(
            HistoryReader.remedy(
                new NoClassDefFoundError("org/apache/hadoop/mapred/FileInputFormat")))
        .endsWith("add org.apache.hadoop:hadoop-mapreduce-client-core to the class path");
  }

  @Test
  void aLaterReadFindsTheMissingClassInTheFailedInitialization() {
    NoClassDefFoundError later =
        new NoClassDefFoundError(
            "Could not initialize class org.apache.iceberg.formats.FormatModelRegistry");
    later.initCause(
        new ExceptionInInitializerError(
            "Exception java.lang.NoClassDefFoundError: org/apache/iceberg/orc/ORC"
                + " [in thread \"main\"]"));

    assertThat(HistoryReader.remedy(later))
        .isEqualTo(
            "which needs class org.apache.iceberg.orc.ORC: add org.apache.iceberg:iceberg-orc to"
                + " the class path");
  }

  @Test
  void aClassOfNoKnownJarIsNamedAlone() {
    assertThat(HistoryReader.remedy(new NoClassDefFoundError("com/example/Codec")))
        .isEqualTo(
            "which needs class com.example.Codec: add the jar that holds it to the class path");
  }
}
