package io.sextant.security.audit;

import io.sextant.security.secrets.SecretBox;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Keeps secrets out of audit records: values under secret-looking names (password, secret,
 * private key, token, ...) become {@value #REDACTED}; sealed secrets ({@code $sx1$...}) become
 * {@value #SEALED}; an {@code Authorization} header value keeps its scheme only.
 */
public final class Redactor {
    public static final String REDACTED = "[redacted]";
    public static final String SEALED = "[sealed]";

    private static final Pattern SECRET_NAME = Pattern.compile(
        ".*(password|passphrase|passwd|secret|private-?key|privatekey|token|credential|authorization|api-?key).*",
        Pattern.CASE_INSENSITIVE);

    private Redactor() {
    }

    /** Whether a field of this name holds a secret. */
    public static boolean isSecretName(final String name) {
        return SECRET_NAME.matcher(name).matches();
    }

    /** A copy of {@code value} (maps, collections, strings, other scalars) with secrets replaced. */
    public static Object redact(final Object value) {
        if (value instanceof Map<?, ?> map) {
            final Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((key, child) -> {
                final String name = String.valueOf(key);
                copy.put(name, isSecretName(name) ? secretValue(child) : redact(child));
            });
            return copy;
        }
        if (value instanceof Collection<?> collection) {
            final List<Object> copy = new ArrayList<>(collection.size());
            collection.forEach(child -> copy.add(redact(child)));
            return copy;
        }
        if (value instanceof String text) {
            return redactString(text);
        }
        return value;
    }

    /** A string with any sealed secret or credential in it replaced. */
    public static String redactString(final String text) {
        if (SecretBox.isEnvelope(text)) {
            return SEALED;
        }
        if (text.contains(SecretBox.PREFIX)) {
            return text.replaceAll("\\$sx1\\$[A-Za-z0-9_$-]+", SEALED);
        }
        final String lower = text.toLowerCase(Locale.ROOT);
        if (lower.startsWith("basic ") || lower.startsWith("bearer ")) {
            return text.substring(0, text.indexOf(' ')) + " " + REDACTED;
        }
        return text;
    }

    private static @Nullable Object secretValue(final @Nullable Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Map<?, ?> || value instanceof Collection<?>) {
            // a container named like a secret (login-password-unencrypted): keep its shape, hide its leaves
            return redactAll(value);
        }
        return value instanceof String text && SecretBox.isEnvelope(text) ? SEALED : REDACTED;
    }

    private static Object redactAll(final Object value) {
        if (value instanceof Map<?, ?> map) {
            final Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((key, child) -> copy.put(String.valueOf(key), redactAll(child)));
            return copy;
        }
        if (value instanceof Collection<?> collection) {
            final List<Object> copy = new ArrayList<>(collection.size());
            collection.forEach(child -> copy.add(redactAll(child)));
            return copy;
        }
        return REDACTED;
    }
}
