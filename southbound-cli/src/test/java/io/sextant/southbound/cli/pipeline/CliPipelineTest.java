package io.sextant.southbound.cli.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.southbound.cli.CliDialect;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class CliPipelineTest {

    @Test
    void pagedEchoedOutputArrivesAsOneCleanReply() {
        final List<CliOutbound> sent = new ArrayList<>();
        final List<CliEvent> received = new ArrayList<>();
        final CliDialect dialect = CliDialect.defaults();
        final CliPipeline pipeline = new CliPipeline(List.of(new PagingHandler(dialect.more()),
            new PromptHandler(dialect.prompt()), new EchoHandler(),
            new ErrorHandler(dialect.errors(), dialect.configErrors(), dialect.configPrompt()), new TimeoutHandler()),
            sent::add, received::add, (task, delay) -> () -> { });

        pipeline.send(new CliOutbound.Command("show running-config", Duration.ofSeconds(5)));
        pipeline.received("show running-config\r\nBuilding configuration...\r\n!\r\n --More-- ");
        pipeline.received("\b\b\b\b\b\b\b\b\b\b          \b\b\b\b\b\b\b\b\b\binterface eth0\r\n");
        pipeline.received(" description uplink\r\nend\r\nR1#");

        assertEquals(List.of(new CliOutbound.Command("show running-config", Duration.ofSeconds(5)),
            new CliOutbound.Keys(" ")), sent);
        assertEquals(List.of(new CliEvent.Reply("Building configuration...\n!\ninterface eth0\n description uplink\nend",
            "R1#")), received);
    }

    @Test
    void anExpectedQuestionEndsTheReplyAndTheAnswerEndsAtThePrompt() {
        final List<CliEvent> received = new ArrayList<>();
        final CliDialect dialect = CliDialect.defaults();
        final CliPipeline pipeline = new CliPipeline(List.of(new PagingHandler(dialect.more()),
            new PromptHandler(dialect.prompt()), new EchoHandler(),
            new ErrorHandler(dialect.errors(), dialect.configErrors(), dialect.configPrompt()), new TimeoutHandler()),
            message -> { }, received::add, (task, delay) -> () -> { });

        pipeline.send(new CliOutbound.Command("clear counters", Duration.ofSeconds(5),
            Pattern.compile("\\[confirm\\]")));
        pipeline.received("clear counters\r\nClear \"show interface\" counters on all interfaces [confirm]");
        pipeline.send(new CliOutbound.Command("", Duration.ofSeconds(5)));
        pipeline.received("\r\nR1#");

        assertEquals(List.of(new CliEvent.Reply("", "Clear \"show interface\" counters on all interfaces [confirm]"),
            new CliEvent.Reply("", "R1#")), received);
    }

    @Test
    void withoutAnExpectedPatternAQuestionIsNotAnAnswer() {
        final List<CliEvent> received = new ArrayList<>();
        final CliDialect dialect = CliDialect.defaults();
        final CliPipeline pipeline = new CliPipeline(List.of(new PromptHandler(dialect.prompt()), new EchoHandler()),
            message -> { }, received::add, (task, delay) -> () -> { });

        pipeline.send(new CliOutbound.Command("clear counters", Duration.ofSeconds(5)));
        pipeline.received("clear counters\r\nClear \"show interface\" counters on all interfaces [confirm]");

        assertEquals(List.of(), received);
    }
}
