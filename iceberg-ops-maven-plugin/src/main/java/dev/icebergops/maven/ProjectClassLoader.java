package dev.icebergops.maven;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The project's run-time class path over the plugin's classes, made the thread's context class
 * loader while a goal runs: catalogs named by {@code type} or {@code catalog-impl}, and Hadoop file
 * systems, are looked up through it.
 *
 * <p>It leaves one line out of the file systems that {@code hadoop-common} declares to Java's
 * service loader: {@code viewfs}. Hadoop instantiates every declared file system the first time it
 * needs one, and {@code viewfs} needs Hadoop's security and metrics classes, which neither the
 * plugin nor the command line carries (the command line silences Hadoop's log instead, which a
 * plugin cannot do in Maven's): Hadoop would log its failure with a stack trace in the build log.
 * The local file system, and the lists of other jars ({@code hadoop-aws}'s {@code s3a}, say), stay.
 */
final class ProjectClassLoader extends URLClassLoader {

  static final String HADOOP_FILE_SYSTEMS = "META-INF/services/org.apache.hadoop.fs.FileSystem";
  static final String VIEW_FILE_SYSTEM = "org.apache.hadoop.fs.viewfs.ViewFileSystem";

  ProjectClassLoader(URL[] classPath, ClassLoader parent) {
    super("iceberg-ops-project", classPath, parent);
  }

  @Override
  public Enumeration<URL> getResources(String name) throws IOException {
    Enumeration<URL> resources = super.getResources(name);
    if (!HADOOP_FILE_SYSTEMS.equals(name)) {
      return resources;
    }
    List<URL> served = new ArrayList<>();
    for (URL url : Collections.list(resources)) {
      served.add(withoutViewFileSystem(url));
    }
    return Collections.enumeration(served);
  }

  /** The list at {@code url}, or, when it declares {@code viewfs}, a copy without it. */
  private static URL withoutViewFileSystem(URL url) throws IOException {
    String text;
    try (InputStream in = url.openStream()) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    if (text.lines().map(String::strip).noneMatch(VIEW_FILE_SYSTEM::equals)) {
      return url;
    }
    byte[] kept =
        text.lines()
            .filter(line -> !line.strip().equals(VIEW_FILE_SYSTEM))
            .collect(Collectors.joining("\n", "", "\n"))
            .getBytes(StandardCharsets.UTF_8);
    URLStreamHandler handler =
        new URLStreamHandler() {
          @Override
          protected URLConnection openConnection(URL u) {
            return new URLConnection(u) {
              @Override
              public void connect() {}

              @Override
              public InputStream getInputStream() {
                return new ByteArrayInputStream(kept);
              }
            };
          }
        };
    return new URL(url, url.toExternalForm(), handler);
  }
}
