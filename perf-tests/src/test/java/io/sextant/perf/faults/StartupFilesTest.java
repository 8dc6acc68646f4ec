package io.sextant.perf.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a netconfd killed while saving its startup file boots from. */
class StartupFilesTest {
    private static final String SAVED = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><interfaces/></config>\n";
    private static final String BACKUP = "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"/>\n";

    @TempDir
    Path dir;

    @Test
    void aCompleteStartupFileIsWhatTheDeviceBootsFrom() throws Exception {
        Files.writeString(dir.resolve(StartupFiles.STARTUP), SAVED);
        Files.writeString(dir.resolve(StartupFiles.BACKUP), BACKUP);
        assertEquals(SAVED, StartupFiles.lastComplete(dir, "<config/>"));
    }

    @Test
    void anEmptyOrCutStartupFileFallsBackToTheBackupOfThePreviousSave() throws Exception {
        Files.writeString(dir.resolve(StartupFiles.BACKUP), BACKUP);
        Files.writeString(dir.resolve(StartupFiles.STARTUP), "");
        assertEquals(BACKUP, StartupFiles.lastComplete(dir, "<config/>"));
        Files.writeString(dir.resolve(StartupFiles.STARTUP), SAVED.substring(0, SAVED.length() - 12));
        assertEquals(BACKUP, StartupFiles.lastComplete(dir, "<config/>"));
    }

    @Test
    void withNeitherFileCompleteTheDeviceBootsFromWhatItBootedFromLastTime() throws Exception {
        assertEquals("<config/>", StartupFiles.lastComplete(dir, "<config/>"));
        Files.writeString(dir.resolve(StartupFiles.BACKUP), "<config");
        assertEquals("<config/>", StartupFiles.lastComplete(dir, "<config/>"));
    }

    @Test
    void onlyWholeDocumentsCount() {
        assertTrue(StartupFiles.complete(SAVED));
        assertFalse(StartupFiles.complete("  \n"));
        assertFalse(StartupFiles.complete("<config><interfaces></config>"));
        assertFalse(StartupFiles.complete("<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>"));
    }
}
