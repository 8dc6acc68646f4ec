package io.sextant.perf.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

class JsonOutTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String AWKWARD = "say \"hi\" \\ back\\slash \u0000\u0001\b\t\n\f\r\u001f\u007f"
        + " caf\u00e9 \u4e2d\u6587 \ud83d\ude00 \u2028\u2029 </script>";

    @Test
    void writtenTextParsesBackToTheValuesGiven() throws Exception {
        final String json = new JsonOut().begin()
            .leaf("text", AWKWARD)
            .leaf(AWKWARD, "a member named awkwardly")
            .leaf("smallest", Long.MIN_VALUE)
            .leaf("largest", Long.MAX_VALUE)
            .leaf("on", true)
            .leaf("off", false)
            .leaves("names", "plain", AWKWARD, "")
            .object("container").list("entries")
                .entry().leaf("name", "first").end()
                .entry().leaf("name", AWKWARD).object("empty").end().end()
            .endList().list("none").endList().end()
            .end().finish();

        final JsonNode root = MAPPER.readTree(json);
        assertEquals(AWKWARD, root.get("text").textValue());
        assertEquals("a member named awkwardly", root.get(AWKWARD).textValue());
        assertEquals(Long.MIN_VALUE, root.get("smallest").longValue());
        assertEquals(Long.MAX_VALUE, root.get("largest").longValue());
        assertEquals(true, root.get("on").booleanValue());
        assertEquals(false, root.get("off").booleanValue());
        assertEquals(MAPPER.readTree("[\"plain\"," + MAPPER.writeValueAsString(AWKWARD) + ",\"\"]"),
            root.get("names"));
        final JsonNode entries = root.get("container").get("entries");
        assertEquals(2, entries.size());
        assertEquals("first", entries.get(0).get("name").textValue());
        assertEquals(AWKWARD, entries.get(1).get("name").textValue());
        assertEquals(0, entries.get(1).get("empty").size());
        assertEquals(0, root.get("container").get("none").size());
        assertEquals(8, root.size(), "no member more or less");
    }

    @Test
    void printsOneMemberOrElementPerLineWithTwoSpaceIndent() {
        // the generator sizes configurations in lines of this layout
        final String json = new JsonOut().begin()
            .object("m:top").list("item")
                .entry().leaf("name", "a").leaf("mtu", 1500).leaf("up", true).leaves("tags", "x", "y").end()
                .entry().object("config").end().list("none").endList().end()
            .endList().end()
            .end().finish();

        assertEquals("""
            {
              "m:top": {
                "item": [
                  {
                    "name": "a",
                    "mtu": 1500,
                    "up": true,
                    "tags": [
                      "x",
                      "y"
                    ]
                  },
                  {
                    "config": {},
                    "none": []
                  }
                ]
              }
            }""", json);
    }

    @Test
    void unbalancedNestingIsAGeneratorBug() {
        final JsonOut out = new JsonOut().begin().list("items");
        assertThrows(UncheckedIOException.class, out::end);
    }
}
