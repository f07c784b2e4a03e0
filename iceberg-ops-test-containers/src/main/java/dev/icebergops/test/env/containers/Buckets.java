package dev.icebergops.test.env.containers;

import dev.icebergops.test.env.spi.ServedEnvironment;
import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.BucketAlreadyOwnedByYouException;

/** Creates the warehouse bucket in a store that starts without one, such as MinIO. */
final class Buckets {
  private Buckets() {}

  /** Creates {@code bucket} unless it exists (a reused store keeps its buckets). */
  static void create(String endpoint, String accessKey, String secretKey, String bucket) {
    // path-style, sending checksums only where S3 requires them
    try (S3Client s3 =
        S3Client.builder()
            .endpointOverride(URI.create(endpoint))
            .forcePathStyle(true)
            .region(Region.of(ServedEnvironment.REGION))
            .credentialsProvider(
                StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
            .httpClientBuilder(ApacheHttpClient.builder())
            .build()) {
      if (s3.listBuckets().buckets().stream().noneMatch(b -> b.name().equals(bucket))) {
        s3.createBucket(request -> request.bucket(bucket));
      }
    } catch (BucketAlreadyOwnedByYouException e) {
      // created meanwhile: what was wanted
    }
  }
}
