package io.sextant.perf.fuzz;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** A datastore read (JSON) in a canonical form: members sorted by name, list entries sorted by content. */
public final class CanonicalJson {
    private CanonicalJson() {
    }

    public static String canonical(final String json) {
        return canonical(JsonParser.parseString(json)).toString();
    }

    private static JsonElement canonical(final JsonElement element) {
        if (element.isJsonObject()) {
            final TreeMap<String, JsonElement> sorted = new TreeMap<>();
            for (var e : element.getAsJsonObject().entrySet()) {
                sorted.put(e.getKey(), canonical(e.getValue()));
            }
            final JsonObject result = new JsonObject();
            sorted.forEach(result::add);
            return result;
        }
        if (element.isJsonArray()) {
            final List<JsonElement> items = new ArrayList<>();
            element.getAsJsonArray().forEach(item -> items.add(canonical(item)));
            items.sort((a, b) -> a.toString().compareTo(b.toString()));
            final JsonArray result = new JsonArray();
            items.forEach(result::add);
            return result;
        }
        return element;
    }
}
