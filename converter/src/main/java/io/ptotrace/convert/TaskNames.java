package io.ptotrace.convert;

import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.TaskIds;
import java.util.HashSet;
import java.util.Set;

/** Task ids as the trace prints them at the end of a task slice's name: {@code QK(t5)}, {@code SF_spmd(r1t3)}. */
final class TaskNames {
    private TaskNames() {}

    /** The task id a slice name ends with ({@code t5}, {@code r1t3}), or null. */
    static String taskOf(String sliceName) {
        if (sliceName == null || !sliceName.endsWith(")")) return null;
        int open = sliceName.lastIndexOf('(');
        if (open < 0) return null;
        String id = sliceName.substring(open + 1, sliceName.length() - 1);
        return isTaskId(id) ? id : null;
    }

    /** {@code t<n>} or {@code r<ring>t<n>}. */
    static boolean isTaskId(String id) {
        return TaskIds.isDisplay(id);
    }

    /** How many distinct tasks have a slice in the picture. */
    static int taskCount(TracePicture pic) {
        Set<String> tasks = new HashSet<>();
        for (int i = 0; i < pic.sliceCount(); i++) {
            String t = taskOf(pic.sliceName(i));
            // ranks of a merged tree reuse task ids: a task is a (rank, id) pair, the rank its pids' hundred
            if (t != null) tasks.add(pic.slicePid(i) / ProcessLayout.RANK_STRIDE + ":" + t);
        }
        return tasks.size();
    }
}
