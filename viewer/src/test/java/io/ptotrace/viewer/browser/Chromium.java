package io.ptotrace.viewer.browser;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A headless Chromium driven over the DevTools protocol (a WebSocket and JSON, no driver binary): open a page,
 * evaluate script in it, click, type, take screenshots, and collect what the page logged as errors.
 */
public final class Chromium implements AutoCloseable {
    public static final Path BINARY = Path.of("/usr/bin/chromium");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<String> errors = new ArrayList<>();

    public static boolean available() {
        return Files.isExecutable(BINARY);
    }

    /** Starts a browser with a fresh profile in {@code profile} and a window of the given size. */
    public static Chromium start(Path profile, int width, int height) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(
                        BINARY.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--hide-scrollbars",
                        "--remote-debugging-port=0",
                        "--user-data-dir=" + profile,
                        "--window-size=" + width + "," + height,
                        "about:blank")
                .redirectErrorStream(true)
                .redirectOutput(
                        profile.resolveSibling(profile.getFileName() + ".log").toFile())
                .start();
        try {
            return new Chromium(p, profile);
        } catch (IOException | RuntimeException | InterruptedException e) {
            kill(p);
            removeProfile(profile);
            throw e;
        }
    }

    private Chromium(Process process, Path profile) throws IOException, InterruptedException {
        this.process = process;
        this.profile = profile;
        Path portFile = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(portFile) || Files.readAllLines(portFile).size() < 2) {
            if (!process.isAlive()) throw new IOException("chromium exited with status " + process.exitValue());
            if (System.nanoTime() > deadline) throw new IOException("chromium did not open its DevTools port");
            Thread.sleep(50);
        }
        int port = Integer.parseInt(Files.readAllLines(portFile).get(0).trim());
        HttpClient http = HttpClient.newHttpClient();
        String pageSocket = null;
        while (pageSocket == null) {
            String list = http.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
            for (JsonNode t : JSON.readTree(list))
                if ("page".equals(t.path("type").asText()))
                    pageSocket = t.path("webSocketDebuggerUrl").asText();
            if (pageSocket == null) {
                if (System.nanoTime() > deadline) throw new IOException("chromium has no page target");
                Thread.sleep(50);
            }
        }
        socket = http.newWebSocketBuilder()
                .buildAsync(URI.create(pageSocket), new Listener())
                .join();
        call("Runtime.enable", null);
        call("Log.enable", null);
        call("Page.enable", null);
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String message = partial.toString();
                partial.setLength(0);
                receive(message);
            }
            ws.request(1);
            return null;
        }
    }

    private void receive(String message) {
        try {
            JsonNode m = JSON.readTree(message);
            if (m.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
                if (f != null) {
                    if (m.has("error"))
                        f.completeExceptionally(new IOException(m.get("error").toString()));
                    else f.complete(m.path("result"));
                }
                return;
            }
            String method = m.path("method").asText();
            JsonNode params = m.path("params");
            synchronized (errors) {
                if (method.equals("Runtime.exceptionThrown"))
                    errors.add("exception: " + params.path("exceptionDetails").toString());
                else if (method.equals("Runtime.consoleAPICalled")
                        && params.path("type").asText().equals("error")) errors.add("console: " + params.path("args"));
                else if (method.equals("Log.entryAdded")
                        && params.path("entry").path("level").asText().equals("error"))
                    errors.add("log: " + params.path("entry").path("text").asText());
            }
        } catch (IOException e) {
            synchronized (errors) {
                errors.add("unreadable DevTools message: " + e.getMessage());
            }
        }
    }

    /** Sends one command and waits (up to two minutes) for its result. */
    public JsonNode call(String method, ObjectNode params) {
        int id = ids.incrementAndGet();
        ObjectNode msg = JSON.createObjectNode().put("id", id).put("method", method);
        if (params != null) msg.set("params", params);
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        socket.sendText(msg.toString(), true).join();
        try {
            return f.get(120, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(method + " failed: " + e.getMessage(), e);
        }
    }

    public static ObjectNode params() {
        return JSON.createObjectNode();
    }

    /** Navigates to a file and waits until {@code window.ptotraceGraph.ready} (or the timeout). */
    public void open(Path html, Duration timeout) throws InterruptedException {
        call("Page.navigate", params().put("url", html.toAbsolutePath().toUri().toString()));
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!eval("!!(window.ptotraceGraph && window.ptotraceGraph.ready)").asBoolean()) {
            if (System.nanoTime() > deadline)
                throw new IllegalStateException("page not ready after " + timeout + "; errors: " + errors());
            Thread.sleep(50);
        }
    }

    /** The value of a script expression (promises are awaited), as JSON. */
    public JsonNode eval(String expression) {
        JsonNode r = call(
                "Runtime.evaluate",
                params().put("expression", expression)
                        .put("returnByValue", true)
                        .put("awaitPromise", true));
        if (r.has("exceptionDetails")) throw new IllegalStateException("script failed: " + r.get("exceptionDetails"));
        return r.path("result").path("value");
    }

    public void click(double x, double y) {
        for (String type : new String[] {"mouseMoved", "mousePressed", "mouseReleased"}) {
            ObjectNode p = params().put("type", type).put("x", x).put("y", y);
            if (!type.equals("mouseMoved")) p.put("button", "left").put("clickCount", 1);
            call("Input.dispatchMouseEvent", p);
        }
    }

    /** A left-button drag from (x0, y0) to (x1, y1) in {@code steps} moves. */
    public void drag(double x0, double y0, double x1, double y1, int steps) {
        call(
                "Input.dispatchMouseEvent",
                params().put("type", "mouseMoved").put("x", x0).put("y", y0));
        call(
                "Input.dispatchMouseEvent",
                params().put("type", "mousePressed")
                        .put("x", x0)
                        .put("y", y0)
                        .put("button", "left")
                        .put("clickCount", 1));
        for (int i = 1; i <= steps; i++) {
            double x = x0 + (x1 - x0) * i / steps, y = y0 + (y1 - y0) * i / steps;
            call(
                    "Input.dispatchMouseEvent",
                    params().put("type", "mouseMoved")
                            .put("x", x)
                            .put("y", y)
                            .put("button", "left")
                            .put("buttons", 1));
        }
        call(
                "Input.dispatchMouseEvent",
                params().put("type", "mouseReleased")
                        .put("x", x1)
                        .put("y", y1)
                        .put("button", "left")
                        .put("clickCount", 1));
    }

    /** One wheel event at (x, y); with {@code ctrl}, a zoom. */
    public void wheel(double x, double y, double dx, double dy, boolean ctrl) {
        call(
                "Input.dispatchMouseEvent",
                params().put("type", "mouseWheel")
                        .put("x", x)
                        .put("y", y)
                        .put("deltaX", dx)
                        .put("deltaY", dy)
                        .put("modifiers", ctrl ? 2 : 0));
    }

    /** A double click at (x, y). */
    public void doubleClick(double x, double y) {
        call(
                "Input.dispatchMouseEvent",
                params().put("type", "mouseMoved").put("x", x).put("y", y));
        for (int n = 1; n <= 2; n++) {
            call(
                    "Input.dispatchMouseEvent",
                    params().put("type", "mousePressed")
                            .put("x", x)
                            .put("y", y)
                            .put("button", "left")
                            .put("clickCount", n));
            call(
                    "Input.dispatchMouseEvent",
                    params().put("type", "mouseReleased")
                            .put("x", x)
                            .put("y", y)
                            .put("button", "left")
                            .put("clickCount", n));
        }
    }

    /** The page's viewport in CSS pixels, whatever the window around it. */
    public void viewport(int width, int height) {
        call(
                "Emulation.setDeviceMetricsOverride",
                params().put("width", width)
                        .put("height", height)
                        .put("deviceScaleFactor", 1)
                        .put("mobile", false));
    }

    public void type(String text) {
        call("Input.insertText", params().put("text", text));
    }

    public void key(String key, int code) {
        for (String type : new String[] {"rawKeyDown", "keyUp"}) {
            call(
                    "Input.dispatchKeyEvent",
                    params().put("type", type).put("key", key).put("code", key).put("windowsVirtualKeyCode", code));
        }
    }

    /** A key with modifiers (1 alt, 2 ctrl, 4 meta, 8 shift). */
    public void key(String key, int code, int modifiers) {
        for (String type : new String[] {"rawKeyDown", "keyUp"}) {
            call(
                    "Input.dispatchKeyEvent",
                    params().put("type", type)
                            .put("key", key)
                            .put("code", key)
                            .put("windowsVirtualKeyCode", code)
                            .put("modifiers", modifiers));
        }
    }

    public byte[] screenshot() {
        return Base64.getDecoder()
                .decode(call("Page.captureScreenshot", params().put("format", "png"))
                        .path("data")
                        .asText());
    }

    /** Exceptions and error-level console or log lines seen so far. */
    public List<String> errors() {
        synchronized (errors) {
            return List.copyOf(errors);
        }
    }

    @Override
    public void close() {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the browser is killed below either way
        }
        kill(process);
        removeProfile(profile);
    }

    /**
     * Ends the browser and every helper process it started. The helpers are listed before the browser goes:
     * once it has exited they are no longer its descendants, and one still writing into the profile would make
     * the caller's temporary folder fail to delete.
     */
    private static void kill(Process p) {
        List<ProcessHandle> all = new ArrayList<>(p.descendants().toList());
        all.add(p.toHandle());
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (ProcessHandle h : all) {
            if (!awaitExit(h, deadline)) h.destroyForcibly();
        }
        long forced = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (ProcessHandle h : all) awaitExit(h, forced);
    }

    private static boolean awaitExit(ProcessHandle h, long deadline) {
        try {
            h.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            return !h.isAlive();
        }
    }

    /** Deletes the profile, retrying briefly while files a dying helper wrote last still appear. */
    private static void removeProfile(Path profile) {
        for (int attempt = 0; attempt < 20 && Files.exists(profile, LinkOption.NOFOLLOW_LINKS); attempt++) {
            try (Stream<Path> paths = Files.walk(profile)) {
                for (Path f : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
            } catch (IOException | UncheckedIOException e) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
