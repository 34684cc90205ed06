# Stand-in for the official haproxy:2.6 (scripts/docker/base-images.sh, ADR 069): Debian's haproxy
# 2.6, reading /usr/local/etc/haproxy/haproxy.cfg as the official image does, in the foreground as
# the haproxy user, stopped gracefully by SIGUSR1.
FROM gym-base/debian:bookworm
RUN apt-get update \
 && apt-get install -y --no-install-recommends haproxy \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /usr/local/etc/haproxy /var/lib/haproxy \
 && chown haproxy:haproxy /var/lib/haproxy
USER haproxy
STOPSIGNAL SIGUSR1
CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]
