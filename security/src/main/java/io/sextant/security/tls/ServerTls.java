package io.sextant.security.tls;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLException;

/** The Netty server {@link SslContext} for RESTCONF: TLS 1.2 and 1.3 only, JDK provider. */
public final class ServerTls {
    /** The protocol versions RESTCONF accepts. */
    public static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

    private ServerTls() {
    }

    public static SslContext sslContext(final TlsMaterial material) throws TlsMaterialException {
        try {
            return SslContextBuilder.forServer(material.key(), material.chain().toArray(X509Certificate[]::new))
                .sslProvider(SslProvider.JDK)
                .protocols(PROTOCOLS)
                .build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new TlsMaterialException("The TLS certificate and key cannot be used: " + e.getMessage(), e);
        }
    }
}
