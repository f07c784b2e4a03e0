package dev.icebergops.migration;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The fingerprint of a migration's code: a SHA-256 over the class files of the migration class and
 * of every class nested in or generated from it (inner, anonymous and local classes; lambdas are
 * methods of the class itself), each re-written without debug attributes.
 *
 * <p>Line numbers, local variable names and the source file name are debug attributes, so
 * recompiling, {@code -g} or {@code -g:none}, comments and blank lines leave the checksum as it is;
 * any change of code or of a constant changes it. So do the declarations {@link Breaking} and
 * {@link Destructive} leave it as it is: they say what the code does, and declaring a change of a
 * version already applied must not make it read as edited. A migration may supply its own value
 * through {@link Migration#checksum()}.
 */
final class MigrationChecksum {

  private MigrationChecksum() {}

  /**
   * The checksum of a migration: its own {@link Migration#checksum()} when it gives one, otherwise
   * the fingerprint of its class files.
   */
  static String of(Migration migration) {
    String supplied = migration.checksum();
    if (supplied != null && !supplied.isBlank()) {
      return supplied;
    }
    return of(migration.getClass());
  }

  /**
   * The fingerprints of the classes this JVM has loaded, each taken once: a loaded class's code
   * cannot change, and every runner of a test suite resolves the same migrations again.
   */
  private static final ClassValue<String> FINGERPRINTS =
      new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
          return fingerprint(type);
        }
      };

  /**
   * The fingerprint of a class and of every class nested in or generated from it, taken once per
   * loaded class.
   *
   * @throws UncheckedIOException if a class file cannot be read
   */
  static String of(Class<?> type) {
    return FINGERPRINTS.get(type);
  }

  private static String fingerprint(Class<?> type) {
    MessageDigest digest = sha256();
    String root = type.getName().replace('.', '/');
    Set<String> seen = new TreeSet<>();
    Deque<String> queue = new ArrayDeque<>();
    queue.add(root);
    seen.add(root);
    // the root first, then its nest in name order: the order does not depend on the compiler
    Map<String, byte[]> nest = new TreeMap<>();
    while (!queue.isEmpty()) {
      String name = queue.poll();
      byte[] bytes = read(type.getClassLoader(), name);
      if (bytes == null) {
        digest.update(name.getBytes(StandardCharsets.UTF_8));
        continue;
      }
      Stripped stripped = new Stripped(root);
      new ClassReader(bytes).accept(stripped, ClassReader.SKIP_DEBUG);
      stripped.members.stream().filter(seen::add).forEach(queue::add);
      if (name.equals(root)) {
        update(digest, name, stripped.bytes());
      } else {
        nest.put(name, stripped.bytes());
      }
    }
    nest.forEach((member, bytes) -> update(digest, member, bytes));
    return HexFormat.of().formatHex(digest.digest());
  }

  private static void update(MessageDigest digest, String name, byte[] stripped) {
    digest.update(name.getBytes(StandardCharsets.UTF_8));
    digest.update(stripped);
  }

  /** The descriptors of the declarations a checksum leaves out. */
  private static final Set<String> DECLARATIONS =
      Set.of(Type.getDescriptor(Breaking.class), Type.getDescriptor(Destructive.class));

  private static byte[] read(ClassLoader loader, String internalName) {
    String resource = internalName + ".class";
    try (InputStream in =
        loader == null
            ? ClassLoader.getSystemResourceAsStream(resource)
            : loader.getResourceAsStream(resource)) {
      return in == null ? null : in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read class file " + resource + ": " + e, e);
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Cannot compute checksum: SHA-256 is unavailable", e);
    }
  }

  /**
   * A class file re-written without debug attributes (read with {@code SKIP_DEBUG}) and without the
   * declarations {@link Breaking} and {@link Destructive}, with a constant pool built afresh; and
   * the classes nested in it: its nest members and its inner classes.
   */
  private static final class Stripped extends ClassVisitor {
    private final String root;
    private final Set<String> members = new TreeSet<>();

    Stripped(String root) {
      super(Opcodes.ASM9, new ClassWriter(0));
      this.root = root;
    }

    byte[] bytes() {
      return ((ClassWriter) cv).toByteArray();
    }

    @Override
    public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
      return DECLARATIONS.contains(descriptor) ? null : super.visitAnnotation(descriptor, visible);
    }

    @Override
    public void visitNestMember(String nestMember) {
      members.add(nestMember);
      super.visitNestMember(nestMember);
    }

    @Override
    public void visitInnerClass(String name, String outerName, String innerName, int access) {
      if (name.startsWith(root + "$")) {
        members.add(name);
      }
      super.visitInnerClass(name, outerName, innerName, access);
    }
  }
}
