package io.ptotrace.cli;

import io.ptotrace.io.TraceServer;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ptotrace open}: a trace into ui.perfetto.dev, also from a remote host through an SSH tunnel. */
@Command(
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the browser fetched the trace", "2:the trace cannot be read or the port is taken"},
        name = "open",
        description = {
            "Open a trace in ui.perfetto.dev: serve the one file on 127.0.0.1:9001 (the address the UI accepts a "
                    + "link to), print the link to open, and the ssh line that brings the port to a laptop when the "
                    + "trace is on a remote host; open a browser when there is a display. Ends once the browser has "
                    + "fetched the trace, or on Ctrl-C.",
        })
public final class OpenCommand implements Callable<Integer> {
    /** Above this many bytes a trace is likely to need more than the browser's ~2 GB (a file-size rule of thumb). */
    static final long BROWSER_BYTES = 1_300_000_000L;

    @Parameters(
            index = "0",
            paramLabel = "TRACE",
            description = "A .pftrace or a JSON trace (either may be gzip-compressed).")
    Path trace;

    @Option(
            names = "--port",
            paramLabel = "N",
            defaultValue = "9001",
            description = "Port on 127.0.0.1 (default: ${DEFAULT-VALUE}, the one ui.perfetto.dev accepts).")
    int port;

    @Option(names = "--no-browser", description = "Print the link only; do not start a browser.")
    boolean noBrowser;

    @Mixin
    VerboseOption verbose;

    @Override
    public Integer call() throws Exception {
        return serve(trace, port, !noBrowser, System.out, System.err);
    }

    /** Serves {@code trace} until it has been fetched; what {@code open} and {@code convert --open} do. */
    static int serve(Path trace, int port, boolean browser, PrintStream out, PrintStream err) throws Exception {
        try (TraceServer s = TraceServer.start(trace, port)) {
            long size = Files.size(trace);
            if (size > BROWSER_BYTES)
                err.println("Warning: " + trace + " is " + gb(size) + "; the browser holds about 2 GB of Perfetto's "
                        + "trace processor, which a trace of this size may exceed. If it does not open, run "
                        + "trace_processor_shell --httpd " + trace + " and open " + TraceServer.UI
                        + " (it offers to use that processor), or convert a window of the run (--window, --split)");
            out.println("Serving " + trace + " (" + gb(size) + ") at " + s.fileUrl());
            out.println("Open:  " + s.uiUrl());
            out.println("On a remote host, first run on your laptop:  ssh -L " + TraceServer.PORT + ":127.0.0.1:"
                    + s.port() + " " + host() + "   (then open the link there)");
            if (s.port() != TraceServer.PORT)
                out.println(
                        "(ui.perfetto.dev fetches from 127.0.0.1:" + TraceServer.PORT + " only: forward that port to "
                                + s.port() + ", on this machine too, with the ssh line above)");
            out.println("Waiting for the browser to fetch it (Ctrl-C to stop)...");
            out.flush();
            if (browser) Browser.open(s.uiUrl());
            s.awaitFetched(0);
            out.println("Fetched: the trace is loading in the browser.");
            return ExitCodes.OK;
        }
    }

    private static String host() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "HOST";
        }
    }

    private static String gb(long bytes) {
        if (bytes >= 1L << 30) return String.format(Locale.ROOT, "%.2f GB", bytes / 1e9);
        if (bytes >= 1_000_000) return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
        return String.format(Locale.ROOT, "%.0f KB", Math.ceil(bytes / 1e3));
    }

    /** Starts the desktop's browser on a link where there is a display; nothing where there is none. */
    static final class Browser {
        private Browser() {}

        static void open(String url) {
            String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
            String[] cmd;
            if (os.contains("mac")) cmd = new String[] {"open", url};
            else if (System.getenv("DISPLAY") != null || System.getenv("WAYLAND_DISPLAY") != null)
                cmd = new String[] {"xdg-open", url};
            else return;
            try {
                new ProcessBuilder(cmd)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
            } catch (java.io.IOException e) {
                // no browser to start: the link printed above is the way
            }
        }
    }
}
