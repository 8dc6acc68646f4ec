package io.sextant.security.auth;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PasswordHasherTest {
    private static final char[] PASSWORD = "correct horse battery staple".toCharArray();
    /** Made with argon2-cffi 25 (the reference C implementation), m=19456, t=2, p=1. */
    private static final String ARGON2_REFERENCE =
        "$argon2id$v=19$m=19456,t=2,p=1$7ob+kKiwBhs6qUl7flkaNg$k0rRhKGVkSergvnxuCwQLU8mKsJZrWCqUKS6Yaqls9c";
    /** Made with Python's bcrypt 4 (OpenBSD's implementation), cost 10. */
    private static final String BCRYPT_REFERENCE = "$2b$10$mDAjSTtR7PYAFpS/gi3K9.ow5Nj0pDzqF4Pw5r8f4et1Z6bKoMTZa";

    private final PasswordHasher hasher = new PasswordHasher();

    @Test
    void argon2idHashesVerifyAndUseAFreshSalt() {
        final String first = hasher.hash(PASSWORD);
        final String second = hasher.hash(PASSWORD);
        assertTrue(first.startsWith("$argon2id$v=19$m=19456,t=2,p=1$"), first);
        assertNotEquals(first, second);
        assertTrue(hasher.verify(PASSWORD, first));
        assertFalse(hasher.verify("correct horse battery stapler".toCharArray(), first));
        assertTrue(PasswordHasher.isSupported(first));
        assertFalse(hasher.needsRehash(first));
    }

    @Test
    void hashesOfOtherImplementationsVerify() {
        assertTrue(hasher.verify(PASSWORD, ARGON2_REFERENCE));
        assertFalse(hasher.verify("wrong".toCharArray(), ARGON2_REFERENCE));
        assertTrue(hasher.verify(PASSWORD, BCRYPT_REFERENCE));
        assertFalse(hasher.verify("wrong".toCharArray(), BCRYPT_REFERENCE));
        assertTrue(hasher.needsRehash(BCRYPT_REFERENCE));
    }

    @Test
    void malformedOrUnknownHashesMatchNothing() {
        for (String bad : new String[] { null, "", "admin", "$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA",
            "$1$md5crypt$abc", ARGON2_REFERENCE.substring(0, 40) }) {
            assertFalse(hasher.verify(PASSWORD, bad), String.valueOf(bad));
            assertFalse(PasswordHasher.isSupported(bad), String.valueOf(bad));
        }
    }

    @Test
    void cheaperArgon2HashesNeedARehash() {
        final String cheap = new PasswordHasher(new PasswordHasher.Cost(1024, 1, 1)).hash(PASSWORD);
        assertTrue(hasher.verify(PASSWORD, cheap));
        assertTrue(hasher.needsRehash(cheap));
    }
}
