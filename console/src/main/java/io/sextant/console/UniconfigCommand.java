package io.sextant.console;

import io.sextant.datastore.service.RequestContext;
import io.sextant.uniconfig.OperationResult;
import io.sextant.uniconfig.UniconfigService;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.console.Session;

/** Base of the UniConfig commands: run an operation, wait for it, print its report. */
abstract class UniconfigCommand implements Action {
    /** How long a command waits for devices before giving up on the answer (the operation goes on). */
    private static final long TIMEOUT_MINUTES = 10;

    @Reference
    UniconfigService uniconfig;

    @Reference
    Session session;

    abstract CompletionStage<OperationResult> run(UniconfigService service, RequestContext context);

    @Override
    public final Object execute() throws InterruptedException {
        final PrintStream out = session.getConsole();
        try {
            final OperationResult result = run(uniconfig, RequestContext.of("console"))
                .toCompletableFuture().get(TIMEOUT_MINUTES, TimeUnit.MINUTES);
            out.print(UniconfigReport.render(result, id -> uniconfig.schemaOf(id).orElse(null)));
        } catch (ExecutionException e) {
            out.println("Failed: " + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
        } catch (TimeoutException e) {
            out.println("No answer within " + TIMEOUT_MINUTES + " minutes; the operation continues in the background");
        }
        out.flush();
        return null;
    }

    static List<String> orEmpty(final List<String> nodes) {
        return nodes == null ? List.of() : nodes;
    }
}
