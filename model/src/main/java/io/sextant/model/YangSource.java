package io.sextant.model;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.model.api.source.SourceIdentifier;
import org.opendaylight.yangtools.yang.model.api.source.YangTextSource;
import org.opendaylight.yangtools.yang.model.spi.source.URLYangTextSource;

/**
 * One YANG module or submodule text, identified by name and newest revision.
 *
 * @param name module or submodule name
 * @param revision newest revision, null when the module declares none
 * @param location where the text is read from
 */
public record YangSource(String name, @Nullable Revision revision, URL location) {

    /** The name devices and simulators expect, {@code module@revision.yang}. */
    public String fileName() {
        return revision != null ? name + "@" + revision + ".yang" : name + ".yang";
    }

    public SourceIdentifier identifier() {
        return new SourceIdentifier(name, revision);
    }

    public YangTextSource toTextSource() {
        return new URLYangTextSource(identifier(), location, StandardCharsets.UTF_8);
    }

    public InputStream open() throws IOException {
        return location.openStream();
    }
}
