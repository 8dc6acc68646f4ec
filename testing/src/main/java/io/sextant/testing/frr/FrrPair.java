package io.sextant.testing.frr;

/**
 * Two {@link FrrRouter}s whose {@link #linkInterface()} interfaces are the two ends of one
 * veth pair, so the routers can bring up a real BGP session over it. Each router also keeps
 * its host-linked interfaces eth0..ethN-1.
 */
public final class FrrPair implements AutoCloseable {
    private final FrrRouter first;
    private final FrrRouter second;
    private final String linkInterface;

    private FrrPair(final FrrRouter first, final FrrRouter second, final String linkInterface) {
        this.first = first;
        this.second = second;
        this.linkInterface = linkInterface;
    }

    /** Two routers with {@code hostInterfaces} host-linked interfaces each, linked on the next one. */
    public static FrrPair start(final int hostInterfaces) {
        final FrrRouter a = FrrRouter.builder().namePrefix("pa").interfaces(hostInterfaces).start();
        try {
            final FrrRouter b = FrrRouter.builder().namePrefix("pb").interfaces(hostInterfaces).start();
            try {
                final String link = "eth" + hostInterfaces;
                FrrRouter.link(a, link, b, link);
                return new FrrPair(a, b, link);
            } catch (RuntimeException e) {
                b.close();
                throw e;
            }
        } catch (RuntimeException e) {
            a.close();
            throw e;
        }
    }

    /** Two routers with eth0 linked to each other and no host-linked interfaces. */
    public static FrrPair start() {
        return start(0);
    }

    public FrrRouter first() {
        return first;
    }

    public FrrRouter second() {
        return second;
    }

    /** The name of the interface, on both routers, that connects them. */
    public String linkInterface() {
        return linkInterface;
    }

    @Override
    public void close() {
        try {
            second.close();
        } finally {
            first.close();
        }
    }
}
