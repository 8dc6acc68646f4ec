package io.sextant.translation.engine;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.translation.UnitSchemas;
import io.sextant.translation.oc.OcPaths;
import io.sextant.translation.oc.OpenConfig;
import io.sextant.translation.oc.OpenConfig.If;
import io.sextant.translation.spi.DataPath;
import io.sextant.translation.spi.Handlers;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

class HandlerTreeTest {
    private final EffectiveModelContext schema = UnitSchemas.plainJava().forModules(OpenConfig.MODULES);

    @Test
    void handlerBelowAListWithoutListHandlerIsRefused() {
        final Handlers handlers = Handlers.builder()
            .readOnly(OcPaths.INTERFACE_CONFIG, (ctx, path) -> Optional.empty())
            .build();
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> HandlerTree.of(handlers, schema));
        assertTrue(error.getMessage().contains("crosses list"), error.getMessage());
    }

    @Test
    void pathsOutsideTheSchemaAreRefused() {
        final Handlers handlers = Handlers.builder()
            .list(OcPaths.INTERFACE_LIST, (ctx, parent) -> List.of())
            .readOnly(OcPaths.INTERFACE_LIST.child(QName.create(If.CONFIG, "no-such-container")),
                (ctx, path) -> Optional.empty())
            .build();
        assertThrows(IllegalArgumentException.class, () -> HandlerTree.of(handlers, schema));
    }

    @Test
    void containerHandlerOnAListIsRefused() {
        final Handlers handlers = Handlers.builder()
            .readOnly(DataPath.of(If.INTERFACES, If.INTERFACE), (ctx, path) -> Optional.empty())
            .build();
        assertThrows(IllegalArgumentException.class, () -> HandlerTree.of(handlers, schema));
    }

    @Test
    void theSchemaIsSharedBetweenUnitsWithTheSameModules() {
        assertTrue(schema == UnitSchemas.plainJava().forModules(OpenConfig.MODULES));
    }
}
