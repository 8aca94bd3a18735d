package io.ptotrace.cli;

import io.ptotrace.io.ToolVersion;
import picocli.CommandLine;

/** {@code --version} for every command: ptotrace's version and the Java running it (the launcher picks the newest). */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {
            ToolVersion.tool(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ", "
                    + System.getProperty("java.home") + ")"
        };
    }
}
