package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.PhaseTable;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The indexed enclosure test answers what a scan of the lane answers, for every resolve of random lanes. */
class SchedulerLanesEnclosuresTest {
    private static final String[] KINDS = {"complete", "dummy", "resolve", "dispatch"};

    @Property(tries = 300)
    void indexedLookupMatchesAScan(@ForAll long seed, @ForAll @IntRange(min = 0, max = 60) int n) {
        Random r = new Random(seed);
        PhaseTable pt = new PhaseTable();
        for (int i = 0; i < n; i++) {
            int row = pt.addRow();
            pt.setKind(row, KINDS[r.nextInt(KINDS.length)]);
            double s = r.nextInt(20), e = s + r.nextInt(8);
            if (r.nextInt(25) == 0) e = Double.NaN;
            pt.setTimes(row, s, e);
        }
        PhaseTable.Lane lane = pt.lane(0, n);
        SchedulerLanes.Enclosures index = new SchedulerLanes.Enclosures(pt, lane);
        for (int ref = 0; ref < n; ref++)
            assertThat(index.encloses(pt.startUs(ref), pt.endUs(ref)))
                    .as("row %d", ref)
                    .isEqualTo(scan(pt, lane, pt.startUs(ref), pt.endUs(ref)));
    }

    private static boolean scan(PhaseTable pt, PhaseTable.Lane lane, double s, double e) {
        for (int o = lane.from; o < lane.to; o++) {
            String k = pt.kind(o);
            if (("complete".equals(k) || "dummy".equals(k)) && pt.startUs(o) <= s && e < pt.endUs(o)) return true;
        }
        return false;
    }
}
