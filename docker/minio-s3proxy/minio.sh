#!/bin/sh
# MinIO's command line, served by S3Proxy:
#   [minio] server [--address [HOST]:PORT] [--console-address ADDR] [OTHER OPTIONS] DIR
# Buckets are the directories of DIR; objects are files in them. There is no console.
set -eu
[ "${1:-}" = minio ] && shift
if [ "${1:-}" != server ]; then
  echo "usage: minio server [--address [HOST]:PORT] [--console-address ADDR] DIR" >&2
  exit 2
fi
shift
address=":9000"
dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --address) address="$2"; shift 2 ;;
    --address=*) address="${1#*=}"; shift ;;
    --console-address) shift 2 ;;
    --console-address=*) shift ;;
    --*) echo "minio (S3Proxy): ignoring option $1" >&2; shift ;;
    *) dir="$1"; shift ;;
  esac
done
if [ -z "$dir" ]; then
  echo "minio (S3Proxy): give the data directory, e.g. 'server /data'" >&2
  exit 2
fi
host="${address%:*}"
port="${address##*:}"
mkdir -p "$dir"
cat > /tmp/s3proxy.properties <<PROPERTIES
s3proxy.endpoint=http://${host:-0.0.0.0}:${port}
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=${MINIO_ROOT_USER:-minioadmin}
s3proxy.credential=${MINIO_ROOT_PASSWORD:-minioadmin}
jclouds.provider=filesystem-nio2
jclouds.identity=unused
jclouds.credential=unused
jclouds.filesystem.basedir=${dir}
PROPERTIES
# S3Proxy sends System.err to its logger: the logger must write to System.out
exec java -Dorg.slf4j.simpleLogger.logFile=System.out -cp '/opt/s3proxy/lib/*' \
  org.gaul.s3proxy.Main --properties /tmp/s3proxy.properties
