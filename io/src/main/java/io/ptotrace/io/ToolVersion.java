package io.ptotrace.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** ptotrace's own version, as the build stamped it; reports and {@code --version} name it. */
public final class ToolVersion {
    private static final String VERSION = read();

    private ToolVersion() {}

    /** The version number, e.g. {@code 0.1.0}. */
    public static String number() {
        return VERSION;
    }

    /** How a written report names its author, e.g. {@code ptotrace 0.1.0}. */
    public static String tool() {
        return "ptotrace " + VERSION;
    }

    private static String read() {
        try (InputStream in = ToolVersion.class.getResourceAsStream("version.properties")) {
            if (in == null) throw new IllegalStateException("version.properties is missing from the build");
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
