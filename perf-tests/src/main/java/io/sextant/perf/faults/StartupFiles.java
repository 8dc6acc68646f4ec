package io.sextant.perf.faults;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * The configuration a killed netconfd comes back with. netconfd saves its startup file in place:
 * it copies the previous one to {@code backup-cfg.xml}, then rewrites {@code startup.xml}; a kill
 * in between leaves {@code startup.xml} empty, cut short or missing (the 1,000-commit faults run
 * of 2026-11-24 stopped on one: "Parse &lt;load-config&gt; failed ... xml reader EOF"). The
 * device then boots from its last complete save, as one with an atomic save would: the startup
 * file when complete, else the backup, else what it booted from last time. The commit whose save
 * was cut was not acknowledged (netconfd answers after saving), so the controller treats it as
 * lost and puts the device back on its next session.
 */
final class StartupFiles {
    static final String STARTUP = "startup.xml";
    static final String BACKUP = "backup-cfg.xml";

    private StartupFiles() {
    }

    static String lastComplete(final Path workDir, final String bootedFrom) throws IOException {
        for (String name : List.of(STARTUP, BACKUP)) {
            final String text;
            try {
                text = Files.readString(workDir.resolve(name), StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                continue;
            }
            if (complete(text)) {
                return text;
            }
        }
        return bootedFrom;
    }

    /** Whether this is a whole XML document (one root element, closed), not a file cut short. */
    static boolean complete(final String xml) {
        if (xml.isBlank()) {
            return false;
        }
        try {
            final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setNamespaceAware(true);
            final var builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            builder.parse(new InputSource(new StringReader(xml)));
            return true;
        } catch (SAXException | IOException e) {
            return false;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }
}
