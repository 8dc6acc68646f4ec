package io.sextant.uniconfig;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The answer of a commit that may be gated: the per-node results as for any commit, and the
 * gate's outcome (null for a commit that was not gated, or that ended before its devices were
 * changed).
 */
public record GatedResult(OperationResult result, @Nullable GateOutcome gate) {
}
