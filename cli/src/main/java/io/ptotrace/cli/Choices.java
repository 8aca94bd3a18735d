package io.ptotrace.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;

/**
 * The value converter of an option that takes one of a few words, e.g. {@code --format}: any case, surrounding
 * blanks ignored, extra spellings allowed. As picocli's completion candidates it lists the main words, which
 * {@code ${COMPLETION-CANDIDATES}} shows in the help; a value it does not know is refused with those words.
 */
abstract class Choices<E> implements CommandLine.ITypeConverter<E>, Iterable<String> {
    private final Map<String, E> byWord = new HashMap<>();
    private final List<String> shown = new ArrayList<>();
    private boolean exact;

    /** Only the words as listed, case and blanks included (options that keep a reference tool's spelling). */
    final Choices<E> exact() {
        exact = true;
        return this;
    }

    /** Accepts {@code word} and its {@code aliases} (lower case) for {@code value}; {@code word} is listed. */
    final Choices<E> add(E value, String word, String... aliases) {
        shown.add(word);
        byWord.put(word, value);
        for (String a : aliases) byWord.put(a, value);
        return this;
    }

    @Override
    public final E convert(String value) {
        E e = byWord.get(exact ? value : value.trim().toLowerCase(Locale.ROOT));
        if (e == null) throw new CommandLine.TypeConversionException("expected " + listed() + ", not '" + value + "'");
        return e;
    }

    @Override
    public final Iterator<String> iterator() {
        return shown.iterator();
    }

    /** {@code a, b or c}. */
    private String listed() {
        int n = shown.size();
        return n == 1 ? shown.get(0) : String.join(", ", shown.subList(0, n - 1)) + " or " + shown.get(n - 1);
    }
}
