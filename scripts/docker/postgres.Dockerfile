# Stand-in for the official postgres:15 (scripts/docker/base-images.sh, ADR 069): Debian's
# postgresql-15 with the official image's contract for what this project uses: POSTGRES_USER,
# POSTGRES_PASSWORD and POSTGRES_DB make the first cluster, data in /var/lib/postgresql/data (a
# volume), password (scram) logins from other containers, pg_isready on the PATH, port 5432.
FROM gym-base/debian:bookworm
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
