package dev.icebergops.catalog;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The Hadoop {@code Configuration} handed to catalogs, when Hadoop is on the class path. Hadoop is
 * an optional dependency: this class is the only one that links it, and only once {@link
 * #ifPresent} found it.
 */
final class HadoopConf {

  private static final String CONFIGURATION = "org.apache.hadoop.conf.Configuration";

  private HadoopConf() {}

  /**
   * A configuration holding the {@value CatalogFactory#HADOOP_PREFIX} properties without their
   * prefix, or null when Hadoop is not on the class path.
   */
  static Object ifPresent(Map<String, String> properties) {
    try {
      Class.forName(CONFIGURATION, false, HadoopConf.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return null;
    }
    return configuration(properties);
  }

  private static Configuration configuration(Map<String, String> properties) {
    Configuration conf = new Configuration();
    conf.setBoolean("fs.file.impl.disable.cache", true);
    properties.forEach(
        (key, value) -> {
          if (key.startsWith(CatalogFactory.HADOOP_PREFIX)) {
            conf.set(key.substring(CatalogFactory.HADOOP_PREFIX.length()), value);
          }
        });
    return conf;
  }
}
