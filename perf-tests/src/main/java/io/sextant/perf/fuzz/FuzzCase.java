package io.sextant.perf.fuzz;

/**
 * One hostile request, as the bytes sent on the wire.
 *
 * @param index its number in the run; the generator makes the same case again from the seed and this
 * @param category what kind of hostility ({@link FuzzGenerator#CATEGORIES})
 * @param description a short, human summary for the report
 * @param request the complete HTTP/1.1 request
 * @param expect what a correct answer is
 */
public record FuzzCase(int index, String category, String description, byte[] request, Expect expect) {

    /** What the server must answer. */
    public enum Expect {
        /** A 4xx with an RFC 8040 errors body: the request is wrong by construction. */
        CLIENT_ERROR,
        /** Anything but a 5xx (a well-formed request that may succeed, such as an RPC on unknown nodes). */
        NO_SERVER_ERROR
    }
}
