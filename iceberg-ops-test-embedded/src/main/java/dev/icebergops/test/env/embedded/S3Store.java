package dev.icebergops.test.env.embedded;

import dev.icebergops.test.env.spi.ServedEnvironment;
import java.net.URI;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;

/**
 * S3Proxy on 127.0.0.1 and a free port, over an in-memory blob store.
 *
 * <p>The store is S3Proxy's transient (Jimfs) store: it keeps objects and their metadata in the
 * heap, so it behaves the same on every machine, whereas the filesystem store keeps ETags and
 * content types in extended attributes that not every temporary file system supports.
 */
record S3Store(BlobStore blobStore, S3Proxy proxy, String endpoint) implements AutoCloseable {

  /** Starts S3Proxy and creates the bucket. */
  static S3Store start(String bucket, String accessKey, String secretKey) throws Exception {
    BlobStore blobStore = new TransientNio2BlobStore();
    S3Proxy proxy =
        S3Proxy.builder()
            .blobStore(blobStore)
            .endpoint(URI.create("http://127.0.0.1:0"))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, accessKey, secretKey)
            // a test's requests are over when it closes the environment: skip the graceful drain
            .stopTimeout(0)
            .build();
    try {
      proxy.start();
      blobStore.createContainer(bucket);
    } catch (Exception e) {
      ServedEnvironment.closeQuietly(proxy::stop, e);
      throw e;
    }
    return new S3Store(blobStore, proxy, "http://127.0.0.1:" + proxy.getPort());
  }

  @Override
  public void close() throws Exception {
    try {
      proxy.stop();
    } finally {
      blobStore.close();
    }
  }
}
