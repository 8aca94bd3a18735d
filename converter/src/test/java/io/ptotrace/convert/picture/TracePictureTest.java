package io.ptotrace.convert.picture;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TracePictureTest {
    @Test
    void dependencyTaskCountsKeepTheirValueAtAnySize() {
        TracePicture p = new TracePicture();
        SliceKind k = new SliceKind("event") {
            @Override
            public String name(int ref) {
                return "s" + ref;
            }

            @Override
            public void args(int ref, ArgSink sink) {}
        };
        int a = p.addSlice(k, 0, 4, 10000, 1.0, 2.0, true), b = p.addSlice(k, 1, 4, 10010, 5.0, 2.0, true);
        int[][] counts = {{1, 1}, {0, 65535}, {65535, 65536}, {70000, 3}, {2, 1 << 24}};
        for (int[] c : counts)
            p.addFlow(FlowKind.DEPENDENCY, 4, 10000, 3.0, a, true, 4, 10010, 5.0, b, true, c[0], c[1]);
        p.addFlow(FlowKind.DISPATCH, 4, 10000, 3.0, a, false, 4, 10010, 5.0, b, false, -1, -1);
        for (int f = 0; f < counts.length; f++) {
            assertThat(p.flowHasCounts(f)).isTrue();
            assertThat(p.flowInputTaskCount(f)).as("in %d", f).isEqualTo(counts[f][0]);
            assertThat(p.flowOutputTaskCount(f)).as("out %d", f).isEqualTo(counts[f][1]);
            assertThat(p.flowSrcJsonBind(f)).isTrue();
            assertThat(p.flowDstSlice(f)).isEqualTo(b);
        }
        int d = counts.length;
        assertThat(p.flowHasCounts(d)).isFalse();
        assertThat(p.flowInputTaskCount(d)).isEqualTo(-1);
        assertThat(p.flowOutputTaskCount(d)).isEqualTo(-1);
    }

    @Test
    void anArrowEndHasALaneOfItsOwnOnlyAwayFromItsSlicesLane() {
        TracePicture p = new TracePicture();
        SliceKind k = new SliceKind("event") {
            @Override
            public String name(int ref) {
                return "s" + ref;
            }

            @Override
            public void args(int ref, ArgSink sink) {}
        };
        int a = p.addSlice(k, 0, 4, 10000, 1.0, 2.0, true), b = p.addSlice(k, 1, 4, 10010, 5.0, 2.0, true);
        int onSlices = p.addFlow(FlowKind.DEPENDENCY, 4, 10000, 3.0, a, true, 4, 10010, 5.0, b, true, 1, 1);
        int unbound = p.addFlow(FlowKind.DISPATCH, 2, 30000, 3.0, -1, false, 4, 10010, 5.0, b, false, -1, -1);
        int elsewhere = p.addFlow(FlowKind.DISPATCH, 4, 10000, 3.0, a, true, 3, 10010, 5.0, b, false, -1, -1);
        assertThat(p.flowEndHasOwnLane(onSlices, 0)).isFalse();
        assertThat(p.flowEndHasOwnLane(onSlices, 1)).isFalse();
        assertThat(p.flowEndHasOwnLane(unbound, 0)).isTrue();
        assertThat(p.flowSrcPid(unbound)).isEqualTo(2);
        assertThat(p.flowEndHasOwnLane(unbound, 1)).isFalse();
        assertThat(p.flowEndHasOwnLane(elsewhere, 0)).isFalse();
        assertThat(p.flowEndHasOwnLane(elsewhere, 1)).isTrue(); // bound to b, but drawn on pid 3
        assertThat(p.flowDstPid(elsewhere)).isEqualTo(3);
    }

    @Test
    void slicesGetJsonIdsInOrderAndTheirKindRendersThem() {
        TracePicture p = new TracePicture();
        SliceKind tasks = new SliceKind("event") {
            @Override
            public String name(int ref) {
                return "task(t" + ref + ")";
            }

            @Override
            public String color(int ref) {
                return ref % 2 == 0 ? "good" : null;
            }

            @Override
            public void args(int ref, ArgSink sink) {
                sink.i64("ref", ref);
            }
        };
        SliceKind phases = new SliceKind("scheduler", JsonMember.SORTED_SLICE) {
            @Override
            public String name(int ref) {
                return "complete(" + ref + ")";
            }

            @Override
            public void args(int ref, ArgSink sink) {}
        };
        int a = p.addSlice(tasks, 7, 4, 10000, 1.0, 2.0, true);
        int b = p.addSlice(phases, 3, 2, 30000, 1.5, 1.0, false);
        int c = p.addSlice(tasks, 8, 4, 10010, 2.0, 2.0, true);
        assertThat(new int[] {p.sliceJsonId(a), p.sliceJsonId(b), p.sliceJsonId(c)})
                .containsExactly(0, -1, 1);
        assertThat(p.sliceKind(b)).isSameAs(phases);
        assertThat(p.sliceName(a)).isEqualTo("task(t7)");
        assertThat(p.sliceColor(c)).isEqualTo("good");
        assertThat(p.sliceColor(a)).isNull();
        assertThat(p.sliceCategory(b)).isEqualTo("scheduler");
        assertThat(p.sliceName(b)).isEqualTo("complete(3)");

        Overlay o = p.overlay("critical_path");
        assertThat(p.overlay("critical_path")).isSameAs(o);
        int d = o.slice(4, 10000, 1.0, 2.0, "on the path");
        assertThat(p.sliceJsonId(d)).isEqualTo(2);
        assertThat(p.sliceCategory(d)).isEqualTo("critical_path");
        int f = o.arrow(a, d);
        assertThat(p.flowKind(f)).isEqualTo(FlowKind.OVERLAY);
        assertThat(p.flowName(f)).isEqualTo("critical_path");
        assertThat(p.flowSrcJsonBind(f)).isTrue();
        assertThat(p.flowDstSlice(f)).isEqualTo(d);
        assertThat(p.overlays()).containsExactly(o);
    }
}
