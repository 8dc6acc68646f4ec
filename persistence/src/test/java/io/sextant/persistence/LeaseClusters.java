package io.sextant.persistence;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * For lease tests ({@code @ExtendWith(LeaseClusters.class)}): one migrated private PostgreSQL
 * for the test class and a {@link LeaseCluster} of its own on it for each test, closed after the
 * test; a test method takes either as a parameter.
 */
final class LeaseClusters implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback,
        ParameterResolver {
    private static final ExtensionContext.Namespace STORE = ExtensionContext.Namespace.create(LeaseClusters.class);

    @Override
    public void beforeAll(final ExtensionContext context) throws PersistenceException {
        context.getStore(STORE).put(PostgresFixture.class, PostgresFixture.start().migrated());
    }

    @Override
    public void afterAll(final ExtensionContext context) {
        final PostgresFixture postgres = context.getStore(STORE).remove(PostgresFixture.class, PostgresFixture.class);
        if (postgres != null) {
            postgres.close();
        }
    }

    @Override
    public void beforeEach(final ExtensionContext context) throws PersistenceException {
        context.getStore(STORE).put(LeaseCluster.class, new LeaseCluster(postgres(context)));
    }

    @Override
    public void afterEach(final ExtensionContext context) throws Exception {
        final LeaseCluster cluster = context.getStore(STORE).remove(LeaseCluster.class, LeaseCluster.class);
        if (cluster != null) {
            cluster.close();
        }
    }

    @Override
    public boolean supportsParameter(final ParameterContext parameter, final ExtensionContext context) {
        final Class<?> type = parameter.getParameter().getType();
        return type == LeaseCluster.class || type == PostgresFixture.class;
    }

    @Override
    public Object resolveParameter(final ParameterContext parameter, final ExtensionContext context) {
        return parameter.getParameter().getType() == LeaseCluster.class
            ? context.getStore(STORE).get(LeaseCluster.class, LeaseCluster.class) : postgres(context);
    }

    /** The class's PostgreSQL (the method's store falls back to its class's). */
    private static PostgresFixture postgres(final ExtensionContext context) {
        return context.getStore(STORE).get(PostgresFixture.class, PostgresFixture.class);
    }
}
