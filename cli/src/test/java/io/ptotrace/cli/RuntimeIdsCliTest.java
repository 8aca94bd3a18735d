package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deps.json that names the runtime which built it shows its tasks as that runtime's trace does, in every text
 * and HTML output of deps and diff: host_build_graph's id spaces ({@code t1}, {@code g7t3}, {@code p4}) and
 * tensormap_and_ringbuffer's ring on every id ({@code r0t5}); and every option taking a task reads those forms.
 */
class RuntimeIdsCliTest {
    @TempDir
    Path dir;

    private static final long G7T3 = (1L << 62) | (7L << 32) | 3, P4 = (2L << 62) | 4;

    /** t1 (QK) -> g7t3 (SF), and in NEW also g7t3 -> p4. */
    private Path hbg(String name, boolean withParamEdge) throws IOException {
        return graph(
                name,
                "host_build_graph",
                new long[] {1, G7T3, P4},
                withParamEdge ? new long[] {1, G7T3, G7T3, P4} : new long[] {1, G7T3});
    }

    private Path graph(String name, String runtime, long[] ids, long[] edges) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(name));
        StringBuilder sb = new StringBuilder("{");
        if (runtime != null) sb.append("\"runtime\": \"").append(runtime).append("\", ");
        sb.append("\"tasks\": [");
        for (int i = 0; i < ids.length; i++)
            sb.append(i > 0 ? ", " : "")
                    .append("{\"task_id\": \"")
                    .append(Long.toUnsignedString(ids[i]))
                    .append("\", \"kernel_ids\": [")
                    .append(i < 2 ? i : -1)
                    .append(", -1, -1], \"block_num\": 1, \"args\": []}");
        sb.append("], \"edges\": [");
        for (int e = 0; e < edges.length; e += 2)
            sb.append(e > 0 ? ", " : "")
                    .append("{\"pred\": \"")
                    .append(Long.toUnsignedString(edges[e]))
                    .append("\", \"succ\": \"")
                    .append(Long.toUnsignedString(edges[e + 1]))
                    .append("\", \"arg\": -1, \"source\": \"explicit\"}");
        Files.writeString(folder.resolve("deps.json"), sb.append("]}").toString());
        Files.writeString(
                folder.resolve("name_map_case.json"), "{\"callable_id_to_name\": {\"0\": \"QK\", \"1\": \"SF\"}}");
        return folder;
    }

    private String deps(Path run, String... more) throws IOException {
        Path out = dir.resolve("view-" + System.nanoTime());
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("deps", run.toString()));
        args.addAll(java.util.List.of(more));
        args.addAll(java.util.List.of("-o", out.toString()));
        Cli.Result r = Cli.run(args.toArray(new String[0]));
        assertThat(r.status()).as(r.stderr()).isZero();
        return Files.readString(out);
    }

    /** The embedded graph data of a page (deflated, base64), as text: its string table holds the node keys. */
    private static String pageData(String html) throws IOException {
        int at = html.indexOf("<script id=\"graph-data\"");
        assertThat(at).isNotNegative();
        int from = html.indexOf('>', at) + 1, to = html.indexOf("</script>", from);
        byte[] packed = java.util.Base64.getMimeDecoder()
                .decode(html.substring(from, to).trim());
        byte[] data = new java.util.zip.InflaterInputStream(new java.io.ByteArrayInputStream(packed)).readAllBytes();
        return new String(data, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    @Test
    void depsShowsHostBuildGraphIdSpaces() throws IOException {
        Path run = hbg("new", true);
        String text = deps(run);
        assertThat(text)
                .contains("TASK t1 kind=", "TASK g7t3 kind=", "TASK p4 kind=", "  -> g7t3", "  <- g7t3", "  -> p4")
                .doesNotContain("(1073741831, 3)", "(2147483648, 4)");
        assertThat(pageData(deps(run, "--format", "html")))
                .contains("g7t3", "p4")
                .doesNotContain("(1073741831, 3)");
    }

    @Test
    void depsFocusTakesTheFormsTheViewPrints() throws IOException {
        Path run = hbg("new", true);
        for (String focus : new String[] {"g7t3", Long.toUnsignedString(G7T3)}) {
            String text = deps(run, "--focus", focus, "--hops", "0");
            assertThat(text).as(focus).contains("TASK g7t3 kind=").doesNotContain("TASK t1 ", "TASK p4 ");
        }
        assertThat(deps(run, "--focus", "p4", "--hops", "1")).contains("TASK g7t3 kind=", "TASK p4 kind=");
        Cli.Result bad = Cli.run(
                "deps",
                run.toString(),
                "--focus",
                "g7t9",
                "-o",
                dir.resolve("x.txt").toString());
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.errorLine()).endsWith("--focus: no task g7t9 in this graph");
        assertThat(dir.resolve("x.txt")).doesNotExist();
    }

    @Test
    void diffNamesTasksAsTheRuntimeDoesInEveryFormat() throws IOException {
        Path a = hbg("old", false), b = hbg("new", true);
        Cli.Result text = Cli.run("diff", a.toString(), b.toString());
        assertThat(text.status()).as(text.stderr()).isEqualTo(1);
        assertThat(text.stdout()).contains("SF(g7t3) -> p4").doesNotContain("r1073741831t3");
        Cli.Result md = Cli.run("diff", a.toString(), b.toString(), "--format", "markdown");
        assertThat(md.stdout()).contains("`SF(g7t3)`", "`p4`");
        Cli.Result json = Cli.run("diff", a.toString(), b.toString(), "--format", "json");
        assertThat(json.stdout())
                .contains("\"pred\":\"" + Long.toUnsignedString(G7T3) + "\"", "\"pred_display\":\"SF(g7t3)\"")
                .contains("\"succ_display\":\"p4\"");
        Path page = dir.resolve("diff.html");
        Cli.Result html = Cli.run("diff", a.toString(), b.toString(), "--format", "html", "-o", page.toString());
        assertThat(html.status()).as(html.stderr()).isEqualTo(1);
        assertThat(pageData(Files.readString(page))).contains("g7t3", "p4").doesNotContain("(1073741831, 3)");
    }

    @Test
    void tensormapAndRingbufferShowsEveryRingAndAGraphWithoutARuntimeTheOlderForms() throws IOException {
        long r1t3 = (1L << 32) | 3;
        Path a = graph("tmr-old", "tensormap_and_ringbuffer", new long[] {5, r1t3}, new long[0]);
        Path b = graph("tmr-new", "tensormap_and_ringbuffer", new long[] {5, r1t3}, new long[] {5, r1t3});
        assertThat(deps(b)).contains("TASK r0t5 kind=", "TASK r1t3 kind=", "  -> r1t3");
        Cli.Result diff = Cli.run("diff", a.toString(), b.toString());
        assertThat(diff.stdout()).contains("QK(r0t5) -> SF(r1t3)");

        Path c = graph("older", null, new long[] {5, r1t3}, new long[] {5, r1t3});
        assertThat(deps(c)).contains("TASK (0, 5) kind=", "  -> (1, 3)");
        Path d = graph("older-old", null, new long[] {5, r1t3}, new long[0]);
        assertThat(Cli.run("diff", d.toString(), c.toString()).stdout()).contains("QK(t5) -> SF(r1t3)");
    }
}
