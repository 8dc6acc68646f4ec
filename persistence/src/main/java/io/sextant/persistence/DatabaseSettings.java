package io.sextant.persistence;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Where the database is and how long to wait for it. The password never comes from a command
 * line: it is read from a credentials file (Java properties {@code user=} and {@code password=},
 * mode 0600) or from the environment.
 *
 * @param url JDBC URL, {@code jdbc:postgresql://host:port/database}
 * @param user role to log in as
 * @param password its password
 * @param poolSize most connections open at once
 * @param poolWait longest wait for a free connection before the request fails (pool exhausted or database down)
 * @param connectTimeout longest wait for a new TCP connection and login
 * @param statementTimeout longest a statement may run on the server before it is cancelled
 * @param socketTimeout longest wait for any answer on an open connection (a database that stopped answering);
 *     longer than {@code statementTimeout}
 */
public record DatabaseSettings(String url, String user, String password, int poolSize, Duration poolWait,
        Duration connectTimeout, Duration statementTimeout, Duration socketTimeout) {

    public static final String URL_PROPERTY = "sextant.db.url";
    public static final String CREDENTIALS_FILE_PROPERTY = "sextant.db.credentials-file";
    public static final String USER_VARIABLE = "SEXTANT_DB_USER";
    public static final String PASSWORD_VARIABLE = "SEXTANT_DB_PASSWORD";

    public DatabaseSettings {
        if (url == null || !url.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("a PostgreSQL JDBC URL (jdbc:postgresql://host:port/database) is "
                + "required, got " + url);
        }
        if (user == null || user.isEmpty()) {
            throw new IllegalArgumentException("a database user is required");
        }
        if (password == null) {
            throw new IllegalArgumentException("a database password is required");
        }
        if (poolSize < 1) {
            throw new IllegalArgumentException("the pool needs at least one connection");
        }
        if (socketTimeout.compareTo(statementTimeout) <= 0) {
            throw new IllegalArgumentException("the socket timeout must be longer than the statement timeout");
        }
    }

    /** Default timeouts: 5 s pool wait and connect, 15 s per statement, 30 s without an answer; 10 connections. */
    public static DatabaseSettings of(final String url, final String user, final String password) {
        return new DatabaseSettings(url, user, password, 10, Duration.ofSeconds(5), Duration.ofSeconds(5),
            Duration.ofSeconds(15), Duration.ofSeconds(30));
    }

    public DatabaseSettings withPoolSize(final int size) {
        return new DatabaseSettings(url, user, password, size, poolWait, connectTimeout, statementTimeout,
            socketTimeout);
    }

    public DatabaseSettings withPoolWait(final Duration wait) {
        return new DatabaseSettings(url, user, password, poolSize, wait, connectTimeout, statementTimeout,
            socketTimeout);
    }

    public DatabaseSettings withTimeouts(final Duration connect, final Duration statement, final Duration socket) {
        return new DatabaseSettings(url, user, password, poolSize, poolWait, connect, statement, socket);
    }

    /**
     * The settings {@code ./sextant run} passes: {@value #URL_PROPERTY} and either
     * {@value #CREDENTIALS_FILE_PROPERTY} or {@value #USER_VARIABLE}/{@value #PASSWORD_VARIABLE}
     * in the environment. Empty when no URL is set (the controller then keeps its state in memory).
     *
     * @throws IllegalArgumentException when a URL is set but the credentials are missing or unreadable
     */
    public static Optional<DatabaseSettings> fromSystem(final Properties system, final Map<String, String> env) {
        final String url = system.getProperty(URL_PROPERTY, "").strip();
        if (url.isEmpty()) {
            return Optional.empty();
        }
        final String file = system.getProperty(CREDENTIALS_FILE_PROPERTY, "").strip();
        if (!file.isEmpty()) {
            final Properties credentials = readCredentials(Path.of(file));
            return Optional.of(of(url, required(credentials.getProperty("user"), "user", file),
                required(credentials.getProperty("password"), "password", file)));
        }
        final String user = env.get(USER_VARIABLE);
        final String password = env.get(PASSWORD_VARIABLE);
        if (user == null || password == null) {
            throw new IllegalArgumentException(URL_PROPERTY + " is set but no credentials: set "
                + CREDENTIALS_FILE_PROPERTY + " to a file with user= and password=, or " + USER_VARIABLE + " and "
                + PASSWORD_VARIABLE + " in the environment");
        }
        return Optional.of(of(url, user, password));
    }

    /** Reads a credentials file (Java properties with {@code user} and {@code password}). */
    public static Properties readCredentials(final Path file) {
        final Properties credentials = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            credentials.load(reader);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the database credentials file " + file + ": " + e, e);
        }
        return credentials;
    }

    private static String required(final String value, final String key, final String file) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("the database credentials file " + file + " has no " + key + "=");
        }
        return value;
    }

    @Override
    public String toString() {
        return "DatabaseSettings[url=" + url + ", user=" + user + ", poolSize=" + poolSize + ", poolWait=" + poolWait
            + ", connectTimeout=" + connectTimeout + ", statementTimeout=" + statementTimeout + ", socketTimeout="
            + socketTimeout + "]";
    }
}
