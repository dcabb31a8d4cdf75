# Built from the release archive (`npm run release`), not from the sources: docs/deploy.md, "Docker".
#   docker build --build-arg VERSION=1.0.0 -t truy-xuat-nguon-goc:1.0.0 .
FROM debian:12-slim
ARG VERSION
# ADD unpacks a local .tar.gz: /opt/truy-xuat-nguon-goc/ (the executable and its native parts).
ADD release/truy-xuat-nguon-goc-${VERSION}-linux-x64.tar.gz /opt/
RUN useradd --system --no-create-home --shell /usr/sbin/nologin txng \
 && install -d -o txng -g txng -m 750 /data
USER txng
ENV DATA_DIR=/data HOST=0.0.0.0 PORT=3000
VOLUME /data
EXPOSE 3000
# SIGTERM: open requests finish, buffered scan events are written, the database closes.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/opt/truy-xuat-nguon-goc/truy-xuat-nguon-goc"]
