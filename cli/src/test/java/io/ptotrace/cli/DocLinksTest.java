package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the README and the docs points at a file that exists, and every link to a heading of a
 * Markdown page names a heading that page has (as GitHub makes its anchors); the README stays a front door.
 */
class DocLinksTest {
    static final Path ROOT = Path.of("..");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    static List<Path> pages() throws IOException {
        List<Path> l = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CHANGELOG.md")));
        try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(l::add);
        }
        return l;
    }

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages()) {
            String text = withoutCode(Files.readString(page));
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^(https?|mailto):.*")) continue;
                checked++;
                String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                String anchor = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
                Path to = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(to)) {
                    broken.add(page + ": " + target + " (no such file)");
                    continue;
                }
                if (anchor != null
                        && to.toString().endsWith(".md")
                        && !anchors(to).contains(anchor)) broken.add(page + ": " + target + " (no such heading)");
            }
        }
        assertThat(checked).isGreaterThan(50);
        assertThat(broken).isEmpty();
    }

    @Test
    void theReadmeIsAFrontDoor() throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
        assertThat(lines).hasSizeLessThanOrEqualTo(250);
        for (String page :
                List.of("convert", "inspect", "deps", "diff", "check", "critical-path", "compare", "synth", "open"))
            assertThat(String.join("\n", lines))
                    .as("the README links " + page + "'s page")
                    .contains("(docs/" + page + ".md)");
    }

    /** GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as hyphens. */
    static List<String> anchors(Path page) throws IOException {
        List<String> l = new ArrayList<>();
        for (String line :
                Files.readString(page).replaceAll("(?s)```.*?```", "").split("\n")) {
            if (!line.startsWith("#")) continue;
            String h = line.replaceFirst("^#+\\s*", "").toLowerCase(Locale.ROOT);
            l.add(h.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
        }
        return l;
    }

    private static String withoutCode(String text) {
        return text.replaceAll("(?s)```.*?```", "").replaceAll("`[^`\n]*`", "``");
    }
}
