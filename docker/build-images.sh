#!/usr/bin/env bash
# Builds, without any container registry, the two images the containers backend's own tests run:
#   iceberg-ops/iceberg-rest-fixture:<iceberg.version>  Apache Iceberg's REST catalog fixture
#                                                      (RESTCatalogServer, CATALOG_* variables)
#   iceberg-ops/minio-s3proxy:<s3proxy.version>         S3Proxy behind MinIO's command line, ports
#                                                      and MINIO_ROOT_USER / MINIO_ROOT_PASSWORD
# Both start FROM iceberg-ops/jre:17, a jlink'd JRE in a busybox root file system made with
# 'docker import'. The jars come from Maven Central through the poms beside this script, at the
# versions of the project's pom.xml. Needs: docker, a JDK 17 with jmods, busybox (static), Maven.
set -euo pipefail
cd "$(dirname "$0")"

version_of() { sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" ../pom.xml | head -n 1; }
ICEBERG_VERSION=$(version_of iceberg.version)
S3PROXY_VERSION=$(version_of s3proxy.version)
JRE_IMAGE=iceberg-ops/jre:17
REST_IMAGE=iceberg-ops/iceberg-rest-fixture:${ICEBERG_VERSION}
S3_IMAGE=iceberg-ops/minio-s3proxy:${S3PROXY_VERSION}
# the classic builder: BuildKit would look the local base image up in a registry
export DOCKER_BUILDKIT=0

java_home=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
busybox=$(command -v busybox)

build_jre() {
  local rootfs="$PWD/jre/target/rootfs"
  rm -rf jre/target
  mkdir -p "$rootfs"/bin "$rootfs"/tmp "$rootfs"/etc "$rootfs"/opt
  chmod 1777 "$rootfs"/tmp
  "$java_home"/bin/jlink --module-path "$java_home"/jmods \
    --add-modules "$(tr -d ' \n' < jre/modules)" \
    --strip-debug --no-man-pages --no-header-files --compress=2 --output "$rootfs"/opt/java
  cp "$busybox" "$rootfs"/bin/busybox
  "$rootfs"/bin/busybox --list | while read -r applet; do
    [ "$applet" = busybox ] || ln -sf busybox "$rootfs/bin/$applet"
  done
  # the JRE links against the C library: copy the shared objects its binaries need
  find "$rootfs"/opt/java -type f \( -name '*.so' -o -path '*/bin/*' \) -print0 \
    | xargs -0 ldd 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}' \
    | grep -v "^$rootfs" | sort -u \
    | while read -r lib; do cp -L --parents "$lib" "$rootfs"/; done
  # and those native libraries unpacked at run time (sqlite-jdbc's) link against
  for lib in libpthread.so.0 libdl.so.2 libm.so.6 librt.so.1; do
    cp -L --parents "$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64/ {print $NF; exit}')" "$rootfs"/
  done
  echo 'root:x:0:0:root:/root:/bin/sh' > "$rootfs"/etc/passwd
  echo 'root:x:0:' > "$rootfs"/etc/group
  tar -C "$rootfs" -c . | docker import \
    -c 'ENV PATH=/opt/java/bin:/bin JAVA_HOME=/opt/java' -c 'CMD ["/bin/sh"]' - "$JRE_IMAGE" >/dev/null
}

build_image() { # <directory> <tag>
  (cd "$1" && rm -rf target/lib \
    && mvn -B -ntp -q -Dstyle.color=never dependency:copy-dependencies -DoutputDirectory=target/lib -DincludeScope=runtime)
  docker build -q --build-arg "JRE_IMAGE=$JRE_IMAGE" -t "$2" "$1" 2>&1 >/dev/null \
    | { grep -v -e DEPRECATED -e BuildKit -e 'environment-variable' -e '^$' >&2 || true; }
}

start=$(date +%s)
build_jre
build_image iceberg-rest-fixture "$REST_IMAGE"
build_image minio-s3proxy "$S3_IMAGE"
echo "Built $JRE_IMAGE, $REST_IMAGE and $S3_IMAGE in $(( $(date +%s) - start )) s"
