package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's choice of Java (bin/pick-java.sh): the newest >= 17 among JAVA_HOME, the PATH, its neighbours and the install folders. */
class PickJavaTest {
    @TempDir
    Path dir;

    static final Path SCRIPT =
            Path.of("..", "bin", "pick-java.sh").toAbsolutePath().normalize();

    /** A fake JDK home whose java reports {@code version}, with or without a release file. */
    Path jdk(String where, String version, boolean releaseFile) throws IOException {
        Path home = Files.createDirectories(dir.resolve(where));
        Path bin = Files.createDirectories(home.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho '    java.specification.version = " + version + "' >&2\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        if (releaseFile)
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + ".0.1\"\n");
        return java;
    }

    String pick(Map<String, String> env) throws IOException, InterruptedException {
        return run(new ProcessBuilder("bash", "-c", ". '" + SCRIPT + "'; pick_java"), env);
    }

    /** Runs {@code pb} with a clean environment of HOME and {@code env}; what it printed, both streams. */
    String run(ProcessBuilder pb, Map<String, String> env) throws IOException, InterruptedException {
        pb.environment().clear();
        pb.environment().put("HOME", dir.toString());
        pb.environment().putAll(env);
        Process p = pb.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return out.strip();
    }

    @Test
    void picksTheNewestSupportedJava() throws Exception {
        assertThat(SCRIPT).exists();
        Path onPath = jdk("jvm/jdk-17", "17", true);
        jdk("jvm/jdk-11", "11", true); // beside the PATH's java, too old
        Path beside = jdk("jvm/jdk-21", "21", true);
        Path home = jdk("home/jdk-19", "19", true);
        Path installed = jdk("opt/jdk-26", "26", false); // no release file: asked for its version
        Path tools = Files.createDirectories(dir.resolve("tools")); // the script's helpers, without the machine's java
        for (String t : new String[] {"readlink", "sed", "head", "awk"}) {
            Path real = Path.of("/usr/bin", t).toRealPath();
            Files.createSymbolicLink(tools.resolve(t), real);
        }
        String path = onPath.getParent() + ":" + tools;

        assertThat(pick(Map.of(
                        "PATH",
                        path,
                        "JAVA_HOME",
                        home.getParent().getParent().toString(),
                        "PTOTRACE_JDK_ROOTS",
                        dir.resolve("opt") + "/*")))
                .isEqualTo(installed.toString());
        assertThat(pick(Map.of(
                        "PATH", path, "JAVA_HOME", home.getParent().getParent().toString(), "PTOTRACE_JDK_ROOTS", "")))
                .isEqualTo(beside.toString());
        assertThat(pick(Map.of(
                        "PATH",
                        tools.toString(),
                        "JAVA_HOME",
                        home.getParent().getParent().toString(),
                        "PTOTRACE_JDK_ROOTS",
                        "")))
                .isEqualTo(home.toString());
        assertThat(pick(Map.of("PATH", tools.toString(), "PTOTRACE_JDK_ROOTS", "")))
                .isEqualTo("java");
    }

    /** Runs a copy of the launcher in {@code tree} with {@code env}; what the fake java printed. */
    String launch(Path tree, Map<String, String> env) throws IOException, InterruptedException {
        Map<String, String> all = new java.util.HashMap<>(Map.of("PATH", "/usr/bin:/bin", "PTOTRACE_JDK_ROOTS", ""));
        all.putAll(env);
        return run(new ProcessBuilder("bash", tree.resolve("bin/ptotrace").toString(), "--version"), all);
    }

    /** A copy of the launcher in a folder of its own, beside an empty jar (no sources: it is never rebuilt). */
    Path launcherTree() throws IOException {
        Path tree = Files.createDirectories(dir.resolve("tree"));
        Path bin = Files.createDirectories(tree.resolve("bin"));
        for (String f : new String[] {"ptotrace", "pick-java.sh"})
            Files.copy(SCRIPT.getParent().resolve(f), bin.resolve(f));
        Files.writeString(Files.createDirectories(tree.resolve("cli/target")).resolve("ptotrace.jar"), "");
        return tree;
    }

    /** What the launcher in {@code tree} hands {@code java} to convert {@code records} with PTOTRACE_JAVA_OPTS {@code opts}. */
    String convertOptions(Path tree, Path java, Path records, String opts, String... more) {
        return convertOptionsIn(
                tree, java, records, opts == null ? Map.of() : Map.of("PTOTRACE_JAVA_OPTS", opts), more);
    }

    /** As {@link #convertOptions}, with more of the launcher's environment. */
    String convertOptionsIn(Path tree, Path java, Path records, Map<String, String> moreEnv, String... more) {
        Map<String, String> env = new java.util.HashMap<>(
                Map.of("PATH", "/usr/bin:/bin", "PTOTRACE_JDK_ROOTS", "", "PTOTRACE_JAVA", java.toString()));
        env.putAll(moreEnv);
        List<String> cmd = new java.util.ArrayList<>(
                List.of("bash", tree.resolve("bin/ptotrace").toString(), "convert", records.toString()));
        cmd.addAll(List.of(more));
        try {
            return run(new ProcessBuilder(cmd), env);
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** The launcher keeps its choice of java beside the jar, and chooses again when what it chose from changes. */
    @Test
    void launcherKeepsItsChoiceUntilTheChoiceChanges() throws Exception {
        Path tree = launcherTree();
        Path target = tree.resolve("cli/target");
        Path first = fakeJava("jdk-a", "first"), second = fakeJava("jdk-b", "second");

        assertThat(launch(tree, Map.of("PTOTRACE_JAVA", first.toString()))).endsWith("first");
        Path choice = target.resolve("ptotrace.jar.java");
        assertThat(Files.readAllLines(choice)).contains(first.toString());
        assertThat(launch(tree, Map.of("PTOTRACE_JAVA", first.toString()))).endsWith("first");
        assertThat(launch(tree, Map.of("PTOTRACE_JAVA", second.toString()))).endsWith("second");
        assertThat(Files.readAllLines(choice)).contains(second.toString());
        // a jar newer than the choice: chosen again (the times are set back, the choice's furthest)
        long now = System.currentTimeMillis();
        Files.setLastModifiedTime(choice, java.nio.file.attribute.FileTime.fromMillis(now - 3_600_000));
        Files.setLastModifiedTime(
                target.resolve("ptotrace.jar"), java.nio.file.attribute.FileTime.fromMillis(now - 1_800_000));
        assertThat(launch(tree, Map.of("PTOTRACE_JAVA", second.toString()))).endsWith("second");
        assertThat(Files.getLastModifiedTime(choice))
                .isGreaterThan(Files.getLastModifiedTime(target.resolve("ptotrace.jar")));
    }

    /**
     * The options the launcher gives a small conversion: its collector and heap sizes, unless the user's
     * PTOTRACE_JAVA_OPTS names their own, which come last and are never contradicted by ours.
     */
    @Test
    void theUsersHeapAndCollectorWinOverTheLaunchersOwn() throws Exception {
        Path tree = launcherTree();
        Path java = fakeJava("jdk-opts", "ran");
        Path records = Files.writeString(dir.resolve("l2_swimlane_records.json"), "{}");
        java.util.function.Function<String, String> args = opts -> convertOptions(tree, java, records, opts);
        assertThat(args.apply(null)).contains("-XX:+UseSerialGC", "-Xmn64m", "-Xms1g");
        String small = args.apply("-Xmx512m");
        assertThat(small).contains("-XX:+UseSerialGC", "-Xmx512m").doesNotContain("-Xms1g", "-Xmn64m");
        String g1 = args.apply("-XX:+UseG1GC");
        assertThat(g1).contains("-XX:+UseG1GC", "-Xms1g").doesNotContain("UseSerialGC");
        assertThat(args.apply("-XX:MaxRAMPercentage=50")).doesNotContain("-Xms1g");
    }

    /**
     * A conversion of 512 MB of input or more keeps G1 with the launcher's heap-growth settings, unless the user's
     * PTOTRACE_JAVA_OPTS names a collector, or a free-ratio of their own (which ours might contradict).
     */
    @Test
    void aLargeConversionGetsG1sGrowthSettingsUnlessTheUserGivesTheirOwn() throws Exception {
        Path tree = launcherTree();
        Path java = fakeJava("jdk-large", "ran");
        Path records = dir.resolve("l2_swimlane_records.json");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(records.toFile(), "rw")) {
            f.setLength(600L << 20); // sparse: its size is what the launcher reads
        }
        java.util.function.Function<String, String> args = opts -> convertOptions(tree, java, records, opts);
        // a tree's merge (--dispatch) keeps G1's free ratio: it reads ranks again and collects more in less heap
        assertThat(convertOptions(tree, java, records, null, "--dispatch=d0"))
                .contains("-XX:GCTimeRatio=4")
                .doesNotContain("MinHeapFreeRatio");
        assertThat(args.apply(null))
                .contains("-XX:GCTimeRatio=4", "-XX:MinHeapFreeRatio=10")
                .doesNotContain("UseSerialGC", "TieredStopAtLevel");
        assertThat(args.apply("-Xmx4g")).contains("-XX:GCTimeRatio=4", "-XX:MinHeapFreeRatio=10", "-Xmx4g");
        assertThat(args.apply("-XX:+UseParallelGC")).doesNotContain("GCTimeRatio", "MinHeapFreeRatio=10");
        assertThat(args.apply("-XX:MaxHeapFreeRatio=5"))
                .contains("-XX:GCTimeRatio=4", "-XX:MaxHeapFreeRatio=5")
                .doesNotContain("MinHeapFreeRatio");
    }

    /**
     * Transparent huge pages are asked for where the kernel gives them on request (in a VM whose memory balloon
     * reports free pages to its host only where a probe says they pay: see the next test), and the user's options
     * win either way.
     */
    @Test
    void hugePagesWhereTheKernelGivesThemOnRequest() throws Exception {
        Path tree = launcherTree();
        Path java = fakeJava("jdk-thp", "ran");
        Path records = Files.writeString(dir.resolve("l2_swimlane_records.json"), "{}");
        Path sys = dir.resolve("sys");
        Path mm = Files.createDirectories(sys.resolve("kernel/mm/transparent_hugepage"));
        Path balloon = Files.createDirectories(sys.resolve("bus/virtio/drivers/virtio_balloon/virtio0"));
        java.util.function.BiFunction<String, String, String> args = (enabled, features) -> {
            try {
                Files.writeString(mm.resolve("enabled"), enabled + "\n");
                if (features == null) Files.deleteIfExists(balloon.resolve("features"));
                else Files.writeString(balloon.resolve("features"), features + "\n");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return convertOptionsIn(tree, java, records, Map.of("PTOTRACE_SYSFS", sys.toString()));
        };
        String reporting = "0110010" + "0".repeat(57), notReporting = "0110000" + "0".repeat(57);
        assertThat(args.apply("always [madvise] never", null)).contains("-XX:+UseTransparentHugePages");
        assertThat(args.apply("always [madvise] never", notReporting)).contains("-XX:+UseTransparentHugePages");
        assertThat(args.apply("always madvise [never]", null)).doesNotContain("UseTransparentHugePages");
        assertThat(args.apply("[always] madvise never", notReporting)).doesNotContain("UseTransparentHugePages");
        // the user's own request still reaches java, after the launcher's options
        Files.writeString(mm.resolve("enabled"), "always [madvise] never\n");
        Files.writeString(balloon.resolve("features"), reporting + "\n");
        assertThat(convertOptionsIn(
                        tree,
                        java,
                        records,
                        Map.of("PTOTRACE_SYSFS", sys.toString(), "PTOTRACE_JAVA_OPTS", "-XX:+UseTransparentHugePages")))
                .contains("-XX:+UseTransparentHugePages");
    }

    /**
     * In a VM whose balloon reports free pages, the launcher times a java touching its heap at start-up with and
     * without huge pages, asks for them only when they were at least a fifth faster, and keeps the answer for the
     * boot: the next launch of the same boot does not probe, a new boot probes again, and neither --version nor a
     * user's own huge-page option starts a probe.
     */
    @Test
    void inAVmWhoseBalloonReportsFreePagesAProbeDecidesOncePerBoot() throws Exception {
        Path tree = launcherTree();
        Path records = Files.writeString(dir.resolve("l2_swimlane_records.json"), "{}");
        Path sys = dir.resolve("sys");
        Files.writeString(
                Files.createDirectories(sys.resolve("kernel/mm/transparent_hugepage"))
                        .resolve("enabled"),
                "always [madvise] never\n");
        Files.writeString(
                Files.createDirectories(sys.resolve("bus/virtio/drivers/virtio_balloon/virtio0"))
                        .resolve("features"),
                "0110010" + "0".repeat(57) + "\n");
        Path bootId =
                Files.createDirectories(dir.resolve("proc/sys/kernel/random")).resolve("boot_id");
        Path probes = dir.resolve("probes.log");
        Path fastWithHugePages = probingJava("jdk-fast", probes, "0.05", "0.4");
        Path slowWithHugePages = probingJava("jdk-slow", probes, "0.4", "0.05");
        java.util.function.BiFunction<Path, String, String> launch = (java, userOpts) -> {
            Map<String, String> env = new java.util.HashMap<>(Map.of(
                    "PTOTRACE_SYSFS",
                    sys.toString(),
                    "PTOTRACE_PROCFS",
                    dir.resolve("proc").toString()));
            if (userOpts != null) env.put("PTOTRACE_JAVA_OPTS", userOpts);
            return convertOptionsIn(tree, java, records, env);
        };

        Files.writeString(bootId, "boot-1\n");
        assertThat(launch.apply(fastWithHugePages, null)).contains("-XX:+UseTransparentHugePages");
        assertThat(probeLines(probes)).hasSize(4);
        assertThat(probeLines(probes).stream().filter(l -> l.contains("-XX:+UseTransparentHugePages")))
                .hasSize(2);
        assertThat(probeLines(probes)).allMatch(l -> l.contains("-XX:+AlwaysPreTouch") && l.contains("-Xms256m"));
        // the same boot keeps the answer, even with a java that would now answer otherwise
        assertThat(launch.apply(slowWithHugePages, null)).contains("-XX:+UseTransparentHugePages");
        assertThat(probeLines(probes)).hasSize(4);

        Files.writeString(bootId, "boot-2\n");
        assertThat(launch.apply(slowWithHugePages, null)).doesNotContain("UseTransparentHugePages");
        assertThat(probeLines(probes)).hasSize(8);

        // a java that cannot start with the probe's heap answers "no", once
        Files.writeString(bootId, "boot-failing\n");
        Path failing = probingJava("jdk-failing", probes, "fail", "fail");
        assertThat(launch.apply(failing, null)).doesNotContain("UseTransparentHugePages");
        assertThat(launch.apply(failing, null)).doesNotContain("UseTransparentHugePages");
        assertThat(probeLines(probes)).hasSize(9);

        Files.writeString(bootId, "boot-3\n");
        assertThat(launch.apply(fastWithHugePages, "-XX:-UseTransparentHugePages"))
                .contains("-XX:-UseTransparentHugePages")
                .doesNotContain("+UseTransparentHugePages");
        assertThat(launch(
                        tree,
                        Map.of(
                                "PTOTRACE_JAVA", fastWithHugePages.toString(),
                                "PTOTRACE_SYSFS", sys.toString(),
                                "PTOTRACE_PROCFS", dir.resolve("proc").toString())))
                .doesNotContain("UseTransparentHugePages");
        assertThat(probeLines(probes)).hasSize(9);
    }

    private static List<String> probeLines(Path probes) throws IOException {
        return Files.exists(probes) ? Files.readAllLines(probes) : List.of();
    }

    /**
     * A Java 21 home whose java, asked for its -version, logs its arguments to {@code probes} and takes
     * {@code withHugePages} or {@code without} seconds (or fails, given "fail"); any other run prints its arguments.
     */
    private Path probingJava(String where, Path probes, String withHugePages, String without) throws IOException {
        return java21(
                where,
                "#!/bin/sh\n"
                        + "case \" $* \" in *\" -version \"*)\n"
                        + "  echo \"$@\" >>'" + probes + "'\n"
                        + "  [ " + withHugePages + " = fail ] && exit 1\n"
                        + "  case \"$*\" in *-XX:+UseTransparentHugePages*) sleep " + withHugePages + " ;; *) sleep "
                        + without + " ;; esac\n"
                        + "  exit 0 ;;\n"
                        + "esac\n"
                        + "echo \"$@\" ran\n");
    }

    /** A Java 21 home whose java prints {@code word} after its arguments. */
    private Path fakeJava(String where, String word) throws IOException {
        return java21(where, "#!/bin/sh\necho \"$@\" " + word + "\n");
    }

    /** A Java 21 home in {@code where} whose bin/java is the shell script {@code script}. */
    private Path java21(String where, String script) throws IOException {
        Path home = Files.createDirectories(dir.resolve(where));
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, script);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"21.0.1\"\n");
        return java;
    }
}
