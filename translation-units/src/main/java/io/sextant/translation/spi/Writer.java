package io.sextant.translation.spi;

import io.sextant.datastore.OperationFailedException;

/**
 * Turns a change of the data its handler owns into CLI commands. It is called once per changed
 * instance: created ({@code before} empty), deleted ({@code after} empty) or updated. Writers
 * must refuse (with {@code operation-not-supported}) leaves they cannot configure, rather than
 * ignore them.
 */
@FunctionalInterface
public interface Writer {

    void write(Change change, WriteContext ctx, CliCommands out) throws OperationFailedException;
}
