package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.json.PictureInJsonCheck;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.Overlay;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.proto.TrackDescriptor;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** An overlay added to a built picture shows in both formats: its process, thread, slices and arrows. */
class OverlayRenderTest {
    private static TracePicture withHazards() {
        TestPictures.Builder b = TestPictures.sample();
        Overlay o = b.pic.overlay("hazard").process(7, "Hazards", 7).thread(7, 7000, "write after read");
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("tensor", "k_cache");
        args.put("bytes", 4096L);
        args.put("overlap", 2.5);
        int war = o.slice(7, 7000, 57.0, 43.0, "WAR t0 \u2192 t1", "terrible", args);
        o.arrow(0, war); // from QK(t0) in the Worker View to the finding
        o.arrow(war, 60.0, 1, 60.0); // and on to SF(t1)
        return b.pic;
    }

    @Test
    void jsonShowsTheOverlay() throws Exception {
        TracePicture pic = withHazards();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChromeJsonWriter.write(pic, out);
        List<JsonNode> ev = new ArrayList<>();
        new ObjectMapper().readTree(out.toByteArray()).get("traceEvents").forEach(ev::add);
        assertThat(ev).anySatisfy(e -> {
            assertThat(e.get("name").asText()).isEqualTo("process_name");
            assertThat(e.get("pid").asInt()).isEqualTo(7);
            assertThat(e.get("args").get("name").asText()).isEqualTo("Hazards");
        });
        List<JsonNode> hazards =
                ev.stream().filter(e -> "hazard".equals(e.path("cat").asText())).collect(Collectors.toList());
        assertThat(hazards).hasSize(1);
        JsonNode war = hazards.get(0);
        assertThat(war.get("name").asText()).isEqualTo("WAR t0 \u2192 t1");
        assertThat(war.get("cname").asText()).isEqualTo("terrible");
        assertThat(war.get("tid").asInt()).isEqualTo(7000);
        assertThat(war.get("args").get("tensor").asText()).isEqualTo("k_cache");
        assertThat(war.get("args").get("bytes").asLong()).isEqualTo(4096);
        int warId = war.get("id").asInt();
        List<JsonNode> arrows = ev.stream()
                .filter(e -> "hazard".equals(e.path("name").asText())
                        && "flow".equals(e.path("cat").asText()))
                .collect(Collectors.toList());
        assertThat(arrows).hasSize(4);
        assertThat(arrows.get(0).get("bind_id").asInt()).isEqualTo(0); // QK(t0)'s JSON id
        assertThat(arrows.get(1).get("bind_id").asInt()).isEqualTo(warId);
        assertThat(arrows.get(2).get("bind_id").asInt()).isEqualTo(warId);
        assertThat(arrows.get(3).get("bind_id").asInt()).isEqualTo(1);
        PictureInJsonCheck.check(pic);
    }

    @Test
    void pftraceShowsTheOverlay() throws Exception {
        TracePicture pic = withHazards();
        Readback rb = PictureInTraceCheck.check(pic);
        TrackDescriptor proc = rb.tracks.values().stream()
                .filter(t -> t.hasProcess() && t.getProcess().getPid() == 7)
                .findFirst()
                .orElseThrow();
        assertThat(proc.getProcess().getProcessName()).isEqualTo("Hazards");
        Readback.Slice war = rb.slices.stream()
                .filter(s -> "hazard".equals(s.category))
                .findFirst()
                .orElseThrow();
        assertThat(war.name).isEqualTo("WAR t0 \u2192 t1");
        assertThat(rb.lane(war).getThread().getThreadName()).isEqualTo("write after read");
        assertThat(war.args)
                .containsEntry("tensor", "k_cache")
                .containsEntry("bytes", 4096L)
                .containsEntry("overlap", 2.5);
        List<Readback.Flow> arrows = rb.flows.stream()
                .filter(f -> PftraceConventions.kindOf(f.id) == FlowKind.OVERLAY)
                .collect(Collectors.toList());
        assertThat(arrows)
                .hasSize(2)
                .allSatisfy(f -> assertThat(List.of(f.out, f.in)).contains(war));
        assertThat(arrows)
                .anySatisfy(f -> assertThat(List.of(f.out.name, f.in.name)).contains("QK(t0)"))
                .anySatisfy(f -> assertThat(List.of(f.out.name, f.in.name)).contains("SF(t1)"));
    }
}
