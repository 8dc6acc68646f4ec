package io.sextant.security.auth;

/**
 * Authenticates a request from its {@code Authorization} header: HTTP Basic against the
 * controller's users, or an OpenID Connect bearer token. Transport-agnostic: the HTTP layer
 * turns refusals into status codes and headers.
 */
public interface Authenticator {
    /**
     * @param authorization the Authorization header value, or null when absent
     * @param source the client's address (for rate limiting and the audit log)
     */
    AuthResult authenticate(String authorization, String source);
}
