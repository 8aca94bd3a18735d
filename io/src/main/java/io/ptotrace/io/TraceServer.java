package io.ptotrace.io;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Serves one trace file to ui.perfetto.dev the way Perfetto's own {@code open_trace_in_ui} helper does: on
 * 127.0.0.1 (port 9001 is the one the UI accepts in {@code #!/?url=}), to the UI's origin, that one file under its
 * own name and nothing else, until the browser has fetched it once.
 */
public final class TraceServer implements AutoCloseable {
    /** Where the trace is opened. */
    public static final String UI = "https://ui.perfetto.dev";

    /** The port the UI accepts a {@code url=} on. */
    public static final int PORT = 9001;

    private final HttpServer server;
    private final Path file;
    private final String path;
    private final CountDownLatch fetched = new CountDownLatch(1);

    private TraceServer(HttpServer server, Path file, String path) {
        this.server = server;
        this.file = file;
        this.path = path;
    }

    /**
     * Starts serving {@code file} on {@code 127.0.0.1:port} (0: any free port).
     *
     * @throws InputProblem when the file cannot be read or the port is taken
     */
    public static TraceServer start(Path file, int port) {
        // a pipe or device could be read once at most, and opening a pipe waits for its writer
        if (Files.exists(file) && !Files.isRegularFile(file))
            throw new InputProblem(
                    file,
                    Files.isDirectory(file)
                            ? "is a folder; name a trace file"
                            : "not a regular file; name a trace file",
                    null);
        try (InputStream probe = Inputs.open(file)) {
            // opened once to refuse a missing or unreadable file in the one-line words every command uses
        } catch (IOException e) {
            throw Inputs.cannotRead(file, e);
        }
        String name = file.getFileName().toString();
        String path = "/" + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 4);
        } catch (IOException e) {
            throw new InputProblem(
                    (String) null,
                    "cannot serve on 127.0.0.1:" + port + " (" + IoCause.words(e)
                            + "): is another trace being served? Stop it, or pass another --port",
                    null,
                    e);
        }
        TraceServer s = new TraceServer(server, file, path);
        server.createContext("/", s::handle);
        server.start();
        return s;
    }

    /** The port it listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Where the file is served. */
    public String fileUrl() {
        return "http://127.0.0.1:" + port() + path;
    }

    /**
     * The link that opens the served trace in ui.perfetto.dev. The UI fetches from 127.0.0.1:9001 alone (its content
     * policy allows no other address), so the link names that port whichever one is served: another is reached
     * through a forward from 9001.
     */
    public String uiUrl() {
        return UI + "/#!/?url=http://127.0.0.1:" + PORT + path;
    }

    /** Waits until the browser has fetched the whole file; false when {@code seconds} (0: forever) passed first. */
    public boolean awaitFetched(long seconds) throws InterruptedException {
        if (seconds <= 0) {
            fetched.await();
            return true;
        }
        return fetched.await(seconds, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            x.getResponseHeaders().set("Access-Control-Allow-Origin", UI);
            x.getResponseHeaders().set("Cache-Control", "no-cache");
            String method = x.getRequestMethod();
            if (!x.getRequestURI().getRawPath().equals(path)) {
                x.sendResponseHeaders(404, -1);
                return;
            }
            if (method.equals("OPTIONS")) {
                x.getResponseHeaders().set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
                x.sendResponseHeaders(204, -1);
                return;
            }
            if (!method.equals("GET") && !method.equals("HEAD")) {
                x.getResponseHeaders().set("Allow", "GET, HEAD, OPTIONS");
                x.sendResponseHeaders(405, -1);
                return;
            }
            long size = Files.size(file);
            x.getResponseHeaders().set("Content-Type", "application/octet-stream");
            if (method.equals("HEAD")) {
                x.getResponseHeaders().set("Content-Length", Long.toString(size));
                x.sendResponseHeaders(200, -1);
                return;
            }
            x.sendResponseHeaders(200, size == 0 ? -1 : size);
            try (InputStream in = Inputs.open(file);
                    OutputStream out = x.getResponseBody()) {
                in.transferTo(out);
            }
            fetched.countDown();
        }
    }
}
