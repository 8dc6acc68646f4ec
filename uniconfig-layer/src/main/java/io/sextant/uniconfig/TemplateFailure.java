package io.sextant.uniconfig;

/** A template cannot be applied to one node: the message names the variable or the path, in the user's terms. */
final class TemplateFailure extends Exception {
    private static final long serialVersionUID = 1L;

    TemplateFailure(final String message) {
        super(message, null, false, false);
    }
}
