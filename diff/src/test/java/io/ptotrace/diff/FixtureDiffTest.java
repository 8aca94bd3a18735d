package io.ptotrace.diff;

import static io.ptotrace.diff.Fixtures.diff;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hand-written pair small_old.json / small_new.json: one change of every kind, checked in every
 * format. (Its text, markdown and JSON reports are the examples in docs/diff.md.)
 */
class FixtureDiffTest {
    @TempDir
    Path dir;

    Path oldFile, newFile;

    @BeforeEach
    void files() {
        oldFile = Fixtures.resource("small_old.json", dir.resolve("golden/deps.json"));
        Fixtures.resource("name_map_fixture.json", dir.resolve("golden/name_map_fixture.json"));
        newFile = Fixtures.resource("small_new.json", dir.resolve("run/deps.json"));
        Fixtures.resource("name_map_fixture.json", dir.resolve("run/name_map_fixture.json"));
    }

    @Test
    void reportsExactlyTheChanges() {
        Fixtures.Result r = diff(oldFile, newFile).json();
        GraphDiff.Summary s = r.summary();
        assertThat(s).isEqualTo(new GraphDiff.Summary(1, 1, 2, 0, 2, 1, 2, 1, 1, 1, 0, 1));
        JsonNode j = r.json();
        assertThat(j.get("identical").asBoolean()).isFalse();
        assertThat(j.at("/tasks_removed/0/display").asText()).isEqualTo("UP(r1t2)");
        assertThat(j.at("/tasks_removed/0/task_id").asText()).isEqualTo(Long.toString((1L << 32) | 2));
        assertThat(j.at("/tasks_added/0/display").asText()).isEqualTo("ROPE(r1t3)");
        assertThat(j.at("/tasks_changed/0/display").asText()).isEqualTo("SF(t2)");
        assertThat(j.at("/tasks_changed/0/changes/0/field").asText()).isEqualTo("block_num");
        assertThat(j.at("/tasks_changed/0/changes/0/old").asInt()).isEqualTo(1);
        assertThat(j.at("/tasks_changed/0/changes/0/new").asInt()).isEqualTo(4);
        JsonNode t3 = j.at("/tasks_changed/1/changes");
        assertThat(t3.size()).isEqualTo(2);
        assertThat(t3.get(0).get("field").asText()).isEqualTo("args[0].type");
        assertThat(t3.get(0).get("old").asText()).isEqualTo("INPUT");
        assertThat(t3.get(0).get("new").asText()).isEqualTo("TRACKED_INPUT");
        assertThat(t3.get(1).get("field").asText()).isEqualTo("args[1].shape");
        assertThat(t3.get(1).get("new").toString()).isEqualTo("[2048]");
        // projected pairs, in unsigned id order
        assertThat(pairs(j.get("edges_added"))).containsExactly("t3 -> t2", "r1t1 -> r1t3");
        assertThat(pairs(j.get("edges_removed"))).containsExactly("r1t1 -> r1t2");
        // annotated edges
        JsonNode war = j.at("/annotated_edges_added/0");
        assertThat(war.get("hazard").asText()).isEqualTo("WAR");
        assertThat(war.get("access_kind").asText()).isEqualTo("READER");
        assertThat(war.get("pred_display").asText()).isEqualTo("PV(t3)");
        JsonNode changed = j.at("/annotated_edges_changed/0");
        assertThat(changed.at("/changes/0/field").asText()).isEqualTo("overlap");
        assertThat(changed.at("/changes/0/old").asText()).isEqualTo("covered");
        assertThat(changed.at("/changes/0/new").asText()).isEqualTo("other");
        assertThat(j.at("/tensors_changed/0/changes/0/field").asText()).isEqualTo("buffer_numel");
        assertThat(j.at("/tensors_changed/0/changes/0/new").asText()).isEqualTo("8192");
        assertThat(r.warnings()).isEmpty();
    }

    private static List<String> pairs(JsonNode list) {
        List<String> out = new ArrayList<>();
        for (JsonNode p : list) {
            out.add(io.ptotrace.model.TaskIds.display(
                            Long.parseUnsignedLong(p.get("pred").asText())) + " -> "
                    + io.ptotrace.model.TaskIds.display(
                            Long.parseUnsignedLong(p.get("succ").asText())));
        }
        return out;
    }

    @Test
    void identicalInputsGiveAnEmptyDiff() {
        Fixtures.Result r = diff(oldFile, oldFile).json();
        assertThat(r.diff().identical()).isTrue();
        JsonNode j = r.json();
        assertThat(j.get("identical").asBoolean()).isTrue();
        j.get("summary")
                .fields()
                .forEachRemaining(
                        e -> assertThat(e.getValue().asInt()).as(e.getKey()).isZero());
        for (String list : JsonSchemaTest.LISTS)
            assertThat(j.get(list).size()).as(list).isZero();
        // a run folder works as well as the file
        assertThat(diff(oldFile.getParent(), oldFile).run().diff().identical()).isTrue();
    }

    @Test
    void textReportIsGroupedAndNamesTasks() {
        String out = diff(oldFile, newFile).run().out();
        String[] lines = out.split("\n");
        assertThat(lines[0]).isEqualTo("ptotrace diff");
        assertThat(out)
                .contains(
                        "Graphs differ: tasks 1 added, 1 removed, 2 changed; dependency edges (pred -> succ) 2 added, 1 removed; "
                                + "annotated edges 2 added, 1 removed, 1 changed; tensors 1 added, 0 removed, 1 changed.");
        assertThat(out)
                .contains(
                        "Tasks only in OLD (1)\n  - UP(r1t2)  kernel_ids [-1, -1, 3]  block_num 1  args 1 [INPUT FLOAT16 [256, 16]]");
        assertThat(out)
                .contains(
                        "  ~ PV(t3)\n      args[0].type: INPUT -> TRACKED_INPUT\n      args[1].shape: [4096] -> [2048]");
        assertThat(out)
                .contains(
                        "Dependency edges added (pred -> succ) (2)\n  + PV(t3) -> SF(t2)\n  + QK(r1t1) -> ROPE(r1t3)");
        assertThat(out).contains("      overlap: covered -> other");
        assertThat(out).doesNotContain("\u001b[");
        assertThat(out.indexOf("Tasks only in OLD")).isLessThan(out.indexOf("Tasks only in NEW"));
        assertThat(out.indexOf("Tasks changed")).isLessThan(out.indexOf("Dependency edges removed"));
        assertThat(out.indexOf("Annotated edges changed")).isLessThan(out.indexOf("Tensors only in NEW"));
    }

    @Test
    void coloursOnlyWhenAskedOrOnATerminal() {
        assertThat(diff(oldFile, newFile).color().run().out()).contains("\u001b[31m-\u001b[0m");
        assertThat(DiffTool.useColor(DiffTool.Color.AUTO, true, null)).isTrue();
        assertThat(DiffTool.useColor(DiffTool.Color.AUTO, true, "1")).isFalse();
        assertThat(DiffTool.useColor(DiffTool.Color.AUTO, false, null)).isFalse();
        assertThat(DiffTool.useColor(DiffTool.Color.NEVER, true, null)).isFalse();
    }

    @Test
    void markdownIsAPullRequestComment() {
        String md = diff(oldFile, newFile).format(Format.MARKDOWN).run().out();
        assertThat(md).startsWith("### ptotrace diff: graphs differ\n");
        assertThat(md).contains("| tasks | 1 | 1 | 2 |");
        assertThat(md).contains("| dependency edges (pred → succ) | 2 | 1 | |");
        assertThat(md).contains("<details><summary>Tasks changed (2)</summary>");
        assertThat(md).contains("| `PV(t3)` | `args[0].type` | `INPUT` | `TRACKED_INPUT` |");
        assertThat(md).contains("|  | `args[1].shape` | `[4096]` | `[2048]` |");
        assertThat(md).contains("</details>");
    }

    @Test
    void maxListShortensTextAndMarkdownButNeverJson() {
        String out = diff(oldFile, newFile).maxList(1).run().out();
        assertThat(out).contains("  ... and 1 more");
        String md =
                diff(oldFile, newFile).format(Format.MARKDOWN).maxList(1).run().out();
        assertThat(md).contains("… and 1 more");
        assertThat(diff(oldFile, newFile)
                        .maxList(1)
                        .json()
                        .json()
                        .get("tasks_changed")
                        .size())
                .isEqualTo(2);
    }

    @Test
    void explicitNameMapAndNoNameMap() throws IOException {
        Path bare = Fixtures.resource("small_old.json", dir.resolve("bare/deps.json"));
        Path bareNew = Fixtures.resource("small_new.json", dir.resolve("bare2/deps.json"));
        String plain = diff(bare, bareNew).run().out();
        assertThat(plain).contains("  - r1t2  kernel_ids").doesNotContain("UP(");
        Path names = Fixtures.write(dir.resolve("names.json"), "{\"callable_id_to_name\": {\"3\": \"Upd\"}}");
        assertThat(diff(bare, bareNew).funcNames(names).run().out()).contains("  - Upd(r1t2)");
    }

    @Test
    void outputFileIsWrittenAtomically() throws IOException {
        Path out = dir.resolve("reports/diff.json");
        Files.createDirectories(out.getParent());
        Fixtures.Result r =
                diff(oldFile, newFile).format(Format.JSON).output(out).run();
        assertThat(r.out()).isEmpty();
        assertThat(Fixtures.JSON.readTree(out.toFile()).get("identical").asBoolean())
                .isFalse();
        try (Stream<Path> s = Files.list(out.getParent())) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("diff.json");
        }
    }

    @Test
    void projectedComparesOnlyPairs() {
        Fixtures.Result r = diff(oldFile, newFile).projected().json();
        GraphDiff.Summary s = r.summary();
        assertThat(s).isEqualTo(new GraphDiff.Summary(0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0));
        assertThat(r.json().at("/options/projected").asBoolean()).isTrue();
        String text = diff(oldFile, newFile).projected().run().out();
        assertThat(text)
                .contains(
                        "Graphs differ (compared dependency edges only, --projected): dependency edges (pred -> succ) 2 added, 1 removed.");
    }

    @Test
    void ignoredFieldsAreNotCompared() {
        GraphDiff.Summary s = diff(oldFile, newFile)
                .ignore("block_num", "overlap", "buffer_numel", "args")
                .run()
                .summary();
        assertThat(s.tasksChanged()).isZero();
        assertThat(s.annotatedEdgesChanged()).isZero();
        assertThat(s.tensorsChanged()).isZero();
        Fixtures.Result r = diff(oldFile, newFile).ignore("type").json();
        assertThat(r.json().at("/tasks_changed/1/changes").size()).isEqualTo(1);
        assertThat(r.json().at("/options/ignore").toString()).isEqualTo("[\"arg_type\"]");
        assertThat(r.diff().notes()).contains("ignored: arg_type");
    }

    @Test
    void olderEraEdgesWithoutFlagsAreNotAChange() {
        Path older = Fixtures.resource("small_old_noflags.json", dir.resolve("older/deps.json"));
        Fixtures.Result r = diff(older, oldFile).run();
        assertThat(r.diff().identical()).isTrue();
        assertThat(r.diff().notes()).anySatisfy(n -> assertThat(n).startsWith("flags not recorded in OLD"));
        assertThat(r.out()).contains("Graphs identical").contains("Note: flags not recorded in OLD");
        Fixtures.Result back = diff(oldFile, older).run();
        assertThat(back.diff().identical()).isTrue();
        assertThat(back.diff().notes()).anySatisfy(n -> assertThat(n).startsWith("flags not recorded in NEW"));
    }

    @Test
    void flagsAreComparedWhenBothSidesCarryThem() throws IOException {
        String changed = Files.readString(oldFile)
                .replaceFirst("\"flags\": \\[\"wait\"\\]", "\"flags\": [\"wait\", \"retain\"]");
        Path other = Fixtures.write(dir.resolve("flags/deps.json"), changed);
        Fixtures.Result r = diff(oldFile, other).json();
        assertThat(r.summary().annotatedEdgesChanged()).isEqualTo(1);
        assertThat(r.json().at("/annotated_edges_changed/0/changes/0/field").asText())
                .isEqualTo("flags");
        assertThat(r.json().at("/annotated_edges_changed/0/changes/0/new").toString())
                .isEqualTo("[\"wait\",\"retain\"]");
        assertThat(diff(oldFile, other).ignore("flags").run().diff().identical())
                .isTrue();
    }

    @Test
    void tensorIdsThatAreNotFnvOfAddressAndVersionAreReportedOnce() {
        Path bad = Fixtures.resource("bad_fnv.json", dir.resolve("bad/deps.json"));
        Fixtures.Result r = diff(bad, bad).run();
        assertThat(r.warnings()).hasSize(2); // one line per side
        assertThat(r.warnings().get(0))
                .startsWith(
                        "Warning: " + bad
                                + ": 2 of 5 tensor(s) have a tensor_id that is not FNV-1a(buffer_addr, version), e.g. 12345 (buffer_addr 29204938752, version 0, expected 13451765318376212391)");
        assertThat(r.warnings().get(0)).doesNotContain("\n");
    }

    @Test
    void everyIgnoreNameParses() {
        for (String n : Field.names()) assertThat(Field.parse(List.of(n))).isNotEmpty();
        assertThat(Field.parse(List.of("geometry"))).hasSize(6);
        assertThat(Field.parse(List.of("Block-Num,flags"))).isEqualTo(Set.of(Field.BLOCK_NUM, Field.FLAGS));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Field.parse(List.of("colour")))
                .hasMessageStartingWith("unknown field 'colour' for --ignore (known: scope, kernel_ids");
    }
}
