package io.sextant.security.tls;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * A client's TLS trust in exactly the given certificates: a server is trusted when it presents one
 * of them, unexpired, whatever host name it is reached by, and no other. Controller instances of
 * one cluster share their RESTCONF certificate, so each trusts the others by it.
 */
public final class PinnedTrust {
    private PinnedTrust() {
    }

    /**
     * A client context trusting exactly {@code pinned}.
     *
     * @throws IllegalStateException when the JDK has no TLS implementation
     */
    public static SSLContext clientContext(final List<X509Certificate> pinned) {
        try {
            final SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new Manager(List.copyOf(pinned))}, new SecureRandom());
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("No TLS client context: " + e.getMessage(), e);
        }
    }

    /** Extended, so that the JDK leaves host name checks to it: the certificate itself is the check. */
    private static final class Manager extends X509ExtendedTrustManager {
        private final List<X509Certificate> pinned;

        Manager(final List<X509Certificate> pinned) {
            this.pinned = pinned;
        }

        @Override
        public void checkServerTrusted(final X509Certificate[] chain, final String authType)
                throws CertificateException {
            if (chain.length == 0 || !pinned.contains(chain[0])) {
                throw new CertificateException("The server's certificate is not the one this controller instance "
                    + "shares with the others of its cluster");
            }
            chain[0].checkValidity();
        }

        @Override
        public void checkServerTrusted(final X509Certificate[] chain, final String authType, final Socket socket)
                throws CertificateException {
            checkServerTrusted(chain, authType);
        }

        @Override
        public void checkServerTrusted(final X509Certificate[] chain, final String authType, final SSLEngine engine)
                throws CertificateException {
            checkServerTrusted(chain, authType);
        }

        @Override
        public void checkClientTrusted(final X509Certificate[] chain, final String authType)
                throws CertificateException {
            throw new CertificateException("Only trusts servers");
        }

        @Override
        public void checkClientTrusted(final X509Certificate[] chain, final String authType, final Socket socket)
                throws CertificateException {
            checkClientTrusted(chain, authType);
        }

        @Override
        public void checkClientTrusted(final X509Certificate[] chain, final String authType, final SSLEngine engine)
                throws CertificateException {
            checkClientTrusted(chain, authType);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
