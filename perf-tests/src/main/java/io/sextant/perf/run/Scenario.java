package io.sextant.perf.run;

/** One benchmark scenario: runs its phases and fills in the summary that {@link Report} writes. */
@FunctionalInterface
public interface Scenario {
    /**
     * Runs the scenario. Whatever it starts is registered with {@code run}, which stops it afterwards.
     * A failure may be thrown; the summary then still gets written with the figures gathered so far.
     */
    void run(RunContext run, RunSummary summary) throws Exception;
}
