package io.sextant.metrics;

/** The steps of a commit, each timed on its own ({@code sextant_commit_phase_duration_seconds{phase=...}}). */
public enum CommitPhase {
    /** Waiting for the target nodes' locks. */
    LOCK("lock"),
    /** Diffs, the in-sync check of a checked-commit, and each device's change prepared. */
    PREPARE("prepare"),
    /** Every device changed (or every change taken back) and the commit kept. */
    DEVICES("devices"),
    /** The committed intent made the nodes' actual configuration. */
    APPLY("apply");

    private final String label;

    CommitPhase(final String label) {
        this.label = label;
    }

    /** The value of the {@code phase} label. */
    public String label() {
        return label;
    }
}
