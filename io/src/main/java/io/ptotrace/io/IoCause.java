package io.ptotrace.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/** The cause of a failed file operation in a user's words: "permission denied", "no space left on device". */
public final class IoCause {
    private IoCause() {}

    public static String words(IOException e) {
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof NoSuchFileException) return "no such file or folder";
        if (e instanceof FileAlreadyExistsException) return "already exists";
        if (e instanceof NotDirectoryException) return "not a folder";
        if (e instanceof DirectoryNotEmptyException) return "folder not empty";
        if (e instanceof FileSystemLoopException) return "too many levels of symbolic links";
        if (e instanceof InterruptedIOException) return "interrupted";
        String m = e instanceof FileSystemException ? ((FileSystemException) e).getReason() : e.getMessage();
        if (m == null || m.isBlank())
            return e.getClass()
                    .getSimpleName()
                    .replaceAll("([a-z])([A-Z])", "$1 $2")
                    .toLowerCase(Locale.ROOT);
        m = m.strip();
        // "No space left on device" -> "no space left on device"; leave acronyms ("EOF") alone
        if (m.length() > 1 && Character.isUpperCase(m.charAt(0)) && Character.isLowerCase(m.charAt(1)))
            m = Character.toLowerCase(m.charAt(0)) + m.substring(1);
        return m;
    }
}
