package io.ptotrace.cli;

import picocli.CommandLine;

/** {@code --version} for every command: ptotrace's version and the Java running it (the launcher picks the newest). */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[] {
            "ptotrace " + (v == null ? "0.1.0" : v),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ", "
                    + System.getProperty("java.home") + ")"
        };
    }
}
