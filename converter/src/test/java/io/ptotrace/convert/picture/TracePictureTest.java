package io.ptotrace.convert.picture;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TracePictureTest {
    @Test
    void dependencyTaskCountsKeepTheirValueAtAnySize() {
        TracePicture p = new TracePicture();
        SliceKind k = new SliceKind("event") {
            @Override public String name(int ref) { return "s" + ref; }
            @Override public void args(int ref, ArgSink sink) { }
        };
        int a = p.addSlice(k, 0, 4, 10000, 1.0, 2.0, true), b = p.addSlice(k, 1, 4, 10010, 5.0, 2.0, true);
        int[][] counts = {{1, 1}, {0, 65535}, {65535, 65536}, {70000, 3}, {2, 1 << 24}};
        for (int[] c : counts) p.addFlow(FlowKind.DEPENDENCY, 4, 10000, 3.0, a, true, 4, 10010, 5.0, b, true, c[0], c[1]);
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
}
