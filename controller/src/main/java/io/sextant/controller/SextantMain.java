package io.sextant.controller;

import io.sextant.datastore.service.ControllerSettings;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the plain-Java assembly in the foreground (benchmarks use it to measure the
 * controller without Karaf). Settings come from the same system properties as under Karaf.
 */
public final class SextantMain {
    private SextantMain() {
    }

    public static void main(final String[] args) throws InterruptedException {
        final Sextant sextant = Sextant.start(ControllerSettings.fromSystemProperties());
        final CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            sextant.close();
            stopped.countDown();
        }, "sextant-shutdown"));
        System.out.println("Sextant (plain-Java assembly) serving RESTCONF on port " + sextant.restconfPort());
        stopped.await();
    }
}
