package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the Python converter said for a conformance case, and whether ptotrace says the same: for a refused input
 * its one error line names the file and the same problem (in ptotrace's words where the reference's are the JSON
 * library's); for an accepted one every warning the reference printed is printed too.
 */
final class ReferenceWords {
    private ReferenceWords() {}

    /** Python's json module: "Unterminated string starting at: line 21 column 59 (char 1362)" and its kin. */
    private static final Pattern PYTHON_JSON =
            Pattern.compile("^(Expecting|Unterminated|Extra data|Invalid|Unexpected).* line (\\d+) column (\\d+)");

    /** The reference's error line (without "Error: ") from a case's {@code expected_error.txt}. */
    static String referenceError(Path expectedError) throws IOException {
        List<String> lines = Files.readAllLines(expectedError);
        int from = lines.indexOf("--- stderr ---");
        for (String l : lines.subList(from + 1, lines.size()))
            if (l.startsWith("Error: ")) return l.substring("Error: ".length());
        throw new AssertionError(expectedError + " has no Error line");
    }

    /**
     * ptotrace's refusal names a file of the case and the problem the reference names: its words where they are the
     * runtime's, and for a JSON syntax error "not valid JSON" at the same line.
     */
    static void sameError(Path caseDir, Path expectedError, InputProblem ours) throws IOException {
        String reference = referenceError(expectedError), line = ours.oneLine();
        assertThat(line).as("names a file of the case").satisfiesAnyOf(l -> {
            try (var s = Files.list(caseDir)) {
                assertThat(s.map(p -> p.getFileName().toString()).anyMatch(n -> l.contains(n + ":")))
                        .isTrue();
            }
        });
        Matcher m = PYTHON_JSON.matcher(reference);
        if (m.find())
            assertThat(line)
                    .as("the reference: " + reference)
                    .contains("not valid JSON")
                    .contains("(at line " + m.group(2) + ", column ");
        else assertThat(line).as("the reference's words").contains(reference);
    }

    /**
     * Every warning the reference printed ({@code golden_stderr.txt}, run in the case's folder) is among ptotrace's
     * stderr lines, paths taken from the case's folder as the reference's are.
     */
    static void sameWarnings(Path caseDir, Path goldenStderr, String ours) throws IOException {
        if (!Files.exists(goldenStderr)) return;
        List<String> said =
                ours.replace(caseDir + java.io.File.separator, "").lines().toList();
        for (String l : Files.readAllLines(goldenStderr))
            if (!l.isBlank()) assertThat(said).as("the reference's warning").contains(l);
    }
}
