package io.ptotrace.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The input opener: every way a file cannot be read is one line naming it. */
class InputsTest {
    @TempDir
    Path dir;

    @Test
    void missingAndFolderInputs() {
        Path missing = dir.resolve("nope.json");
        assertThat(catchThrowableOfType(InputProblem.class, () -> Inputs.open(missing))
                        .oneLine())
                .isEqualTo(missing + ": no such file");
        assertThat(catchThrowableOfType(InputProblem.class, () -> Inputs.open(dir))
                        .oneLine())
                .isEqualTo(dir + ": is a folder, not a file");
    }

    @Test
    void unreadableInputSaysPermissionDenied() throws IOException {
        Path f = Files.writeString(dir.resolve("secret.json"), "{}");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
        boolean readable;
        try (InputStream in = Files.newInputStream(f)) {
            readable = true; // root reads anything: nothing to test there
        } catch (IOException e) {
            readable = false;
        }
        assumeTrue(!readable, "files without permissions are readable here (root)");
        assertThat(catchThrowableOfType(InputProblem.class, () -> Inputs.open(f))
                        .oneLine())
                .isEqualTo(f + ": permission denied");
    }

    @Test
    void readJsonPlacesParseErrorsAndPassesProblemsThrough() throws IOException {
        Path f = Files.writeString(dir.resolve("t.json"), "{\"a\": [1, 2,\n 3, }");
        InputProblem p = catchThrowableOfType(
                InputProblem.class,
                () -> Inputs.readJson(f, new JsonFactory(), parser -> {
                    while (parser.nextToken() != null) {
                        /* reads to the error */
                    }
                }));
        assertThat(p.oneLine()).startsWith(f + ": not valid JSON: ").endsWith("(at line 2, column 5)");
        InputProblem mine = new InputProblem(f, "mine", null);
        assertThat(catchThrowableOfType(
                        InputProblem.class,
                        () -> Inputs.readJson(f, new JsonFactory(), parser -> {
                            assertThat(parser.nextToken()).isEqualTo(JsonToken.START_OBJECT);
                            throw mine;
                        })))
                .isSameAs(mine);
        // a limit has no location of its own: the parser's position is used
        Path deep = Files.writeString(dir.resolve("deep.json"), "[".repeat(2000));
        InputProblem d = catchThrowableOfType(
                InputProblem.class,
                () -> Inputs.readJson(deep, new JsonFactory(), parser -> {
                    while (parser.nextToken() != null) {
                        /* reads to the error */
                    }
                }));
        assertThat(d.oneLine()).isEqualTo(deep + ": JSON nested deeper than 1000 levels (at line 1, column 1002)");
    }
}
