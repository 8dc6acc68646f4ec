package io.sextant.security.tls;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Generates the certificate RESTCONF uses until the operator gives one: ECDSA P-256, signed
 * with SHA-256, valid for {@link #VALIDITY}, for TLS servers only, with subject alternative
 * names for the host name, {@code localhost}, 127.0.0.1 and ::1 (and the bind address when
 * it is a specific one).
 */
public final class SelfSignedCertificate {
    public static final Duration VALIDITY = Duration.ofDays(825);

    private static final SecureRandom RANDOM = new SecureRandom();

    private SelfSignedCertificate() {
    }

    /**
     * @param hostName the host's name (subject CN and a DNS name)
     * @param extraAddresses further IP addresses to name (for example the bind address)
     * @param now the start of validity (back-dated by a minute for clock skew)
     */
    public static TlsMaterial generate(final String hostName, final List<String> extraAddresses, final Instant now) {
        try {
            final KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            final KeyPair pair = generator.generateKeyPair();
            final X500Name subject = new X500NameBuilder(BCStyle.INSTANCE)
                .addRDN(BCStyle.O, "Sextant")
                .addRDN(BCStyle.CN, hostName)
                .build();
            final JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject,
                new BigInteger(128, RANDOM).setBit(127), Date.from(now.minus(Duration.ofMinutes(1))),
                Date.from(now.plus(VALIDITY)), subject, pair.getPublic());
            final JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
            builder.addExtension(Extension.subjectKeyIdentifier, false,
                utils.createSubjectKeyIdentifier(pair.getPublic()));
            builder.addExtension(Extension.subjectAlternativeName, false, alternativeNames(hostName, extraAddresses));
            final X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
            return new TlsMaterial(List.of(certificate), pair.getPrivate());
        } catch (GeneralSecurityException | OperatorCreationException | CertIOException e) {
            throw new IllegalStateException("Cannot generate a self-signed certificate: " + e.getMessage(), e);
        }
    }

    private static GeneralNames alternativeNames(final String hostName, final List<String> extraAddresses) {
        final Set<GeneralName> names = new LinkedHashSet<>();
        for (String dns : new String[] { hostName, "localhost" }) {
            names.add(isAddress(dns) ? new GeneralName(GeneralName.iPAddress, dns)
                : new GeneralName(GeneralName.dNSName, dns));
        }
        names.add(new GeneralName(GeneralName.iPAddress, "127.0.0.1"));
        names.add(new GeneralName(GeneralName.iPAddress, "::1"));
        for (String address : extraAddresses) {
            if (isAddress(address) && !address.equals("0.0.0.0") && !address.equals("::")) {
                names.add(new GeneralName(GeneralName.iPAddress, address));
            }
        }
        return new GeneralNames(names.toArray(GeneralName[]::new));
    }

    private static boolean isAddress(final String text) {
        return text.matches("[0-9.]+") || text.contains(":");
    }

    /** The host's name, as the certificate's subject and first DNS name: the canonical name, else localhost. */
    public static String localHostName() {
        try {
            final String name = InetAddress.getLocalHost().getCanonicalHostName();
            return name == null || name.isBlank() ? "localhost" : name;
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
