package io.ptotrace.cli;

import io.ptotrace.io.TempFiles;
import java.nio.file.Path;

/**
 * A child process for {@link FaultInjectionTest}: a helper thread runs out of memory while the main thread waits for
 * its result, and a shutdown hook runs out of memory too, as the temporary-file hook can when the heap is exhausted.
 * Prints the temporary file it made, then waits.
 */
final class HookOutOfMemoryChild {
    private HookOutOfMemoryChild() {}

    public static void main(String[] args) throws Exception {
        Main.installLastResort();
        Path temp = TempFiles.create(Path.of(args[0]));
        System.out.println(temp);
        System.out.flush();
        Runtime.getRuntime().addShutdownHook(new Thread(HookOutOfMemoryChild::runOut, "hook-out-of-memory"));
        Thread helper = new Thread(HookOutOfMemoryChild::runOut, "helper-out-of-memory");
        helper.start();
        Thread.sleep(120_000); // as a command waits for its writers
        System.exit(0);
    }

    private static void runOut() {
        throw new OutOfMemoryError("Java heap space");
    }
}
